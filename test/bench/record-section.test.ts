import t from 'tap';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
// @ts-expect-error: a plain ESM script without declarations
import { recordSection } from '../../bench/lib.mjs';
import { tempDataDir } from '../helpers/test-app.js';

const now = new Date('2026-11-29T14:05:09Z');

t.test('a section is replaced between its markers, stamped with the time and the load, the rest kept', async (t) => {
  const file = join(tempDataDir(t), 'benchmarks.md');
  writeFileSync(file, '# Benchmarks\n\nBefore.\n\n<!-- fire -->\nold figures\n<!-- /fire -->\n\nAfter.\n');
  recordSection(file, 'fire', '## Fires\n\n| a | b |\n', now, [1.234, 0.5, 2]);
  t.equal(
    readFileSync(file, 'utf8'),
    '# Benchmarks\n\nBefore.\n\n<!-- fire -->\n## Fires\n\n| a | b |\n\n' +
      '_Written 2026-11-29 14:05 UTC; load average when written (1, 5, 15 min): 1.23, 0.50, 2.00._\n' +
      '<!-- /fire -->\n\nAfter.\n',
  );
  recordSection(file, 'new', 'New figures.', now, [0, 0, 0]);
  t.match(readFileSync(file, 'utf8'), /After\.\n\n<!-- new -->\nNew figures\.\n\n_Written [^\n]*_\n<!-- \/new -->\n$/);
});
