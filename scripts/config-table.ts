import { readFileSync, writeFileSync } from 'node:fs';
import { CONFIG_VARIABLES } from '../src/shared/config.ts';

/** The README's configuration table, generated from the variables config.ts validates. */
export function configTable(): string {
  const rows = CONFIG_VARIABLES.map(
    (v) => `| \`${v.name}\` | ${v.default.startsWith('(') ? v.default : `\`${v.default}\``} | ${v.description} |`,
  );
  return ['| variable | default | meaning |', '|---|---|---|', ...rows].join('\n');
}

const START = '<!-- config-table:start -->';
const END = '<!-- config-table:end -->';

export function withConfigTable(readme: string): string {
  const start = readme.indexOf(START);
  const end = readme.indexOf(END);
  if (start < 0 || end < start) throw new Error('README.md lacks the config-table markers');
  return `${readme.slice(0, start + START.length)}\n${configTable()}\n${readme.slice(end)}`;
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const file = new URL('../README.md', import.meta.url);
  writeFileSync(file, withConfigTable(readFileSync(file, 'utf8')));
  console.log('README.md configuration table updated');
}
