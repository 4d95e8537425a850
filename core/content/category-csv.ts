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

/**
 * Reads a category file: comma-separated, fields optionally in double quotes (a doubled quote
 * inside stands for one), lines ended by CRLF or LF. One pass over the text, so its cost grows
 * with its length only. A first line naming the columns is skipped; blank lines are too.
 */
export function parseCategoryCsv(text: string): CategoryRow[] {
  const rows: CategoryRow[] = [];
  for (const { line, cells } of csvRecords(text.replace(/^\uFEFF/, ''))) {
    if (cells.every((c) => c.trim() === '')) continue;
    if (rows.length === 0 && line === 1 && cells[0]?.trim().toLowerCase() === 'name') continue;
    if (rows.length >= MAX_IMPORT_ROWS) throw rowError(line, `more than ${MAX_IMPORT_ROWS} categories`);
    const [name = '', key = '', variable = '', sort = ''] = cells.map((c) => c.trim());
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

/** The records of a CSV text, each with the line it starts on. */
function* csvRecords(text: string): Generator<{ line: number; cells: string[] }> {
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === '\n') line++;
        cell += ch;
      }
    } else if (ch === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
    } else if (ch === ',') {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      cells.push(cell);
      yield { line: start, cells };
      cells = [];
      cell = '';
      start = ++line;
    } else cell += ch;
  }
  if (quoted) throw rowError(start, 'a quoted value is not closed');
  if (cell !== '' || cells.length > 0) {
    cells.push(cell);
    yield { line: start, cells };
  }
}
