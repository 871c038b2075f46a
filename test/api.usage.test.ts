import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_B } from './helpers/app.ts';
import { get, parse, uploadOne, useTestApp, validationLocs } from './helpers/api.ts';
import { createFixtures, type Fixtures } from './helpers/fixtures.ts';

interface UsageBody {
  totals: { jobs: number; failed: number; pages: number };
  items: { operation: string; billing_profile: string; jobs: number; failed: number; pages: number }[];
  days: { day: string; jobs: number; pages: number }[];
}

describe('GET /v1/usage', () => {
  const t = useTestApp();
  let fx: Fixtures;
  beforeAll(async () => {
    fx = await createFixtures();
  });
  afterAll(() => fx?.cleanup());

  it('counts finished jobs and pages per operation and billing profile, per API key', async () => {
    const { app } = t();
    const pdf = await uploadOne(app, { filename: 'report.pdf', bytes: fx.good.pdf.bytes });
    expect((await parse(app, { input: { file_id: pdf.file_id }, execution_mode: 'sync' })).statusCode).toBe(200);
    expect(
      (await parse(app, { input: { file_id: pdf.file_id }, execution_mode: 'sync', billing_profile: 'engineering_drawing' })).statusCode,
    ).toBe(200);
    expect((await parse(app, { input: { text: 'other tenant' }, execution_mode: 'sync' }, AUTH_B)).statusCode).toBe(200);

    const res = await get(app, '/v1/usage');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as UsageBody;
    expect(body.totals).toEqual({ jobs: 2, failed: 0, pages: 2 * fx.good.pdf.pages.length });
    expect(body.items).toEqual([
      { operation: 'parse', billing_profile: 'engineering_drawing', jobs: 1, failed: 0, pages: fx.good.pdf.pages.length },
      { operation: 'parse', billing_profile: 'standard', jobs: 1, failed: 0, pages: fx.good.pdf.pages.length },
    ]);
    expect(body.days).toHaveLength(1);

    const other = (await get(app, '/v1/usage', AUTH_B)).json() as UsageBody;
    expect(other.totals).toEqual({ jobs: 1, failed: 0, pages: 1 });
  });

  it('filters by UTC day and validates the range', async () => {
    const { app } = t();
    const past = (await get(app, '/v1/usage?from=2001-01-01&to=2001-12-31')).json() as UsageBody;
    expect(past.totals.jobs).toBe(0);
    expect(validationLocs(await get(app, '/v1/usage?from=yesterday'))).toEqual([['query', 'from']]);
    expect(validationLocs(await get(app, '/v1/usage?from=2030-01-02&to=2030-01-01'))).toEqual([['query', 'from']]);
  });
});
