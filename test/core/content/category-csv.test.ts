import t from 'tap';
import { MAX_IMPORT_ROWS, categoriesToCsv, parseCategoryCsv } from '../../../core/content/category-csv.js';
import type { Category } from '../../../core/model/category.js';

const refusal = (line: number) => ({ code: 'CATEGORY_IMPORT_ROW_INVALID', message: `Line ${line} of the file` });

t.test('reads the export back: header skipped, quotes undone, line ends of any kind', async (t) => {
  const categories = [
    { name: 'Say "hi"', key: 'k1', variable: 'v1', sortOrder: 2 },
    { name: 'Plain', key: '', variable: 'plain', sortOrder: 0 },
  ] as unknown as Category[];
  const rows = parseCategoryCsv(categoriesToCsv(categories));
  t.same(
    rows.map(({ line, name, key, variable, sortOrder }) => ({ line, name, key, variable, sortOrder })),
    [
      { line: 2, name: 'Say "hi"', key: 'k1', variable: 'v1', sortOrder: 2 },
      { line: 3, name: 'Plain', key: '', variable: 'plain', sortOrder: 0 },
    ],
  );
  const mixed = parseCategoryCsv('\uFEFFname,key\r\n a ,k\n\n"two\nlines",x\rlast');
  t.same(
    mixed.map((r) => [r.line, r.name, r.key]),
    [
      [2, 'a', 'k'],
      [4, 'two\nlines', 'x'],
      [6, 'last', ''],
    ],
    'cells trimmed, blank lines skipped, a record numbered by the line it starts on',
  );
});

t.test('a malformed file is refused whole, naming the line', async (t) => {
  t.throws(() => parseCategoryCsv('a,b\n"open,c'), refusal(2), 'an unclosed quote');
  t.throws(() => parseCategoryCsv('a,b\nx"y",c'), refusal(2), 'a quote inside an unquoted value');
  t.throws(() => parseCategoryCsv('a\n,k'), refusal(2), 'no name');
  t.throws(() => parseCategoryCsv('a,k,v,1.5'), refusal(1), 'a sort order that is not a whole number');
  t.throws(
    () => parseCategoryCsv(Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) => `c${i}`).join('\n')),
    refusal(MAX_IMPORT_ROWS + 1),
    'more rows than any tree holds',
  );
  // A flood of quotes after a value was quadratic in a hand-written reader; it is refused at once here.
  t.throws(() => parseCategoryCsv('x' + '"'.repeat(1_000_000)), refusal(1));
});
