import { parse, type Options } from 'csv-parse/sync';
import { CmsError, Errors } from '../errors/index.js';
import type { Category } from '../model/category.js';

/** A row of a category file: name, key, variable and sort order, as the original exports them. */
export interface CategoryRow {
  line: number;
  name: string;
  key: string;
  variable: string;
  sortOrder: number;
}

/** More rows than any category tree holds: the import is refused past it rather than held. */
export const MAX_IMPORT_ROWS = 10_000;

const HEADER = '"name","key","variable","sort"';

/** The original's export: a header, then one quoted line per category; a note when there is none. */
export function categoriesToCsv(categories: readonly Category[]): string {
  if (categories.length === 0) return 'There are no Categories to show\r\n';
  const quote = (value: string | null) => `"${(value ?? '').replaceAll('"', '""')}"`;
  const lines = categories.map((c) => [quote(c.name), quote(c.key), quote(c.variable), String(c.sortOrder)].join(','));
  return [HEADER, ...lines].map((line) => `${line}\r\n`).join('');
}

/** How csv-parse reads a category file: CRLF, LF or CR line ends, a byte-order mark, blank lines and cells trimmed. */
const CSV_OPTIONS: Options = {
  bom: true,
  trim: true,
  relax_column_count: true,
  skip_empty_lines: true,
  record_delimiter: ['\r\n', '\n', '\r'],
  info: true,
};

/**
 * Reads a category file: comma-separated, fields optionally in double quotes (a doubled quote
 * inside stands for one). csv-parse reads it in one pass. A first line naming the columns is
 * skipped; blank lines are too. A malformed file is refused whole, naming the line.
 */
export function parseCategoryCsv(text: string): CategoryRow[] {
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    records = parse(text, CSV_OPTIONS) as unknown as typeof records;
  } catch (error) {
    const line = (error as { lines?: number }).lines ?? 1;
    const code = (error as { code?: string }).code;
    throw rowError(line, code === 'CSV_QUOTE_NOT_CLOSED' ? 'a quoted value is not closed' : 'a quote out of place');
  }
  const rows: CategoryRow[] = [];
  for (const { record: cells, info } of records) {
    // info.lines is the line a record ends on; a quoted value may span lines.
    const line = info.lines - cells.reduce((n, cell) => n + (cell.match(/\r\n|\n|\r/g)?.length ?? 0), 0);
    if (cells.every((c) => c === '')) continue;
    if (rows.length === 0 && line === 1 && cells[0]?.toLowerCase() === 'name') continue;
    if (rows.length >= MAX_IMPORT_ROWS) throw rowError(line, `more than ${MAX_IMPORT_ROWS} categories`);
    const [name = '', key = '', variable = '', sort = ''] = cells;
    if (!name) throw rowError(line, 'a category needs a name');
    const sortOrder = sort === '' ? 0 : Number(sort);
    if (!Number.isInteger(sortOrder) || Math.abs(sortOrder) > 1_000_000) {
      throw rowError(line, `"${sort.slice(0, 20)}" is not a sort order`);
    }
    rows.push({ line, name, key, variable, sortOrder });
  }
  return rows;
}

function rowError(line: number, problem: string): CmsError {
  return new CmsError(Errors.CATEGORY_IMPORT_ROW_INVALID, { line, problem }, { fieldName: 'file' });
}
