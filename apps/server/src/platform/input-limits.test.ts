import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { INPUT_LIMITS, limitRow, type InputLimitName } from './input-limits.ts';

/** docs/operations.md lists every input limit in one table; a limit changed here and not there fails. */
describe('the table of input limits in docs/operations.md', () => {
  const operations = readFileSync(new URL('../../../../docs/operations.md', import.meta.url), 'utf8');
  // Rows as their cells, whatever padding the formatter gives the columns.
  const rows = new Set(
    operations
      .split('\n')
      .filter((line) => line.startsWith('|'))
      .map((line) =>
        JSON.stringify(
          line
            .split('|')
            .slice(1, -1)
            .map((cell) => cell.trim()),
        ),
      ),
  );

  it('has a row, as the server applies it, for every limit of platform/input-limits.ts', () => {
    const missing = Object.keys(INPUT_LIMITS)
      .map((name) => limitRow(name as InputLimitName))
      .filter((row) => !rows.has(JSON.stringify(row)));
    expect(missing).toEqual([]);
  });
});
