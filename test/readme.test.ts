import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { withConfigTable } from '../scripts/config-table.ts';
import { loadConfig } from '../src/shared/config.ts';
import { ConfigError } from '../src/shared/errors.ts';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe('README', () => {
  it('shows how to start and test first', () => {
    const start = readme.indexOf('npm ci && npm start');
    const test = readme.indexOf('npm ci && npm test');
    expect(start).toBeGreaterThan(0);
    expect(test).toBeGreaterThan(start);
    expect(readme.indexOf('## Configuration')).toBeGreaterThan(test);
  });

  it('documents every configuration variable with its default (npm run docs:config)', () => {
    expect(readme, 'README configuration table is stale: run `npm run docs:config`').toBe(withConfigTable(readme));
  });
});

describe('configuration', () => {
  it('has working defaults', () => {
    const config = loadConfig({}, 4);
    expect(config.port).toBe(8080);
    expect(config.host).toBe('0.0.0.0');
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(config.natsUrl).toBeNull();
    expect(config.limits.maxUploadBytes).toBe(100 * 1024 * 1024);
    expect(config.limits.maxPages).toBe(2000);
    expect(config.jobs.maxAttempts).toBe(3);
    expect(config.jobs.renderThreads).toBe(4);
    expect(config.heapGrowthPercent).toBe(50);
    expect(loadConfig({ DOCINTEL_HEAP_GROWTH_PERCENT: '0' }).heapGrowthPercent).toBe(0);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['DOCINTEL_MAX_PAGES', '-1'],
    ['DOCINTEL_NATS_URL', 'http://localhost:4222'],
    ['DOCINTEL_API_KEYS', 'short'],
    ['DOCINTEL_API_KEYS', 'a:key-number-one,a:key-number-two'],
    ['DOCINTEL_INFERENCE_ADDR', 'not an address'],
    ['DOCINTEL_LOG_LEVEL', 'loud'],
    ['DOCINTEL_FAULTS', 'nonsense'],
    ['DOCINTEL_HEAP_GROWTH_PERCENT', '-5'],
  ])('rejects %s=%s naming the variable', (name, value) => {
    let error: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).variable).toBe(name);
    expect((error as Error).message.startsWith(`${name}: `)).toBe(true);
  });

  it('parses named and unnamed API keys and inference addresses', () => {
    const config = loadConfig({
      DOCINTEL_API_KEYS: 'ops:secret-key-1, secret-key-2',
      DOCINTEL_INFERENCE_ADDR: 'gpu1:50051,unix:/run/inf.sock',
    });
    expect(config.apiKeys).toEqual([
      { name: 'ops', key: 'secret-key-1' },
      { name: 'key2', key: 'secret-key-2' },
    ]);
    expect(config.inferenceAddrs).toEqual(['gpu1:50051', 'unix:/run/inf.sock']);
  });
});
