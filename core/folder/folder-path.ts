import { CmsError, Errors } from '../errors/index.js';
import { ROOT_PATH } from '../model/folder.js';

/** The longest stored path (the column and content's parent path hold 255 characters). */
export const MAX_FOLDER_PATH_LENGTH = 255;

/**
 * Names the original keeps for itself at the root of a site (its `RESERVEDFOLDERNAMES` default),
 * compared ignoring case.
 */
export const RESERVED_ROOT_NAMES: ReadonlySet<string> = new Set(
  [
    'WEB-INF',
    'META-INF',
    'assets',
    'cms',
    'html',
    'System folder',
    'portal',
    'email_backups',
    'DOTLESS',
    'DOTSASS',
    'dotAdmin',
    'custom_elements',
  ].map((name) => name.toLowerCase()),
);

/** Control, format, separator (other than the space) and unassigned characters: not printable in a name. */
const UNPRINTABLE = /[\p{C}\p{Zl}\p{Zp}]/u;

/**
 * The names of a folder path as a client sends it (`/About-Us/team`, `about-us/team/`), in their
 * own case. A leading and a trailing slash are optional; an empty, `.` or `..` segment, a name
 * with characters that are not printable or with spaces around it, and the root itself are refused.
 */
export function folderNames(raw: string): string[] {
  const trimmed = raw.replace(/^\//, '').replace(/\/$/, '');
  if (trimmed === '') throw invalid(raw, 'it names no folder');
  const names = trimmed.split('/');
  for (const name of names) {
    if (name === '') throw invalid(raw, 'it has an empty segment');
    if (name === '.' || name === '..') throw invalid(raw, 'it has a . or .. segment');
    checkName(name, raw);
  }
  const path = storedPath(names);
  if (path.length > MAX_FOLDER_PATH_LENGTH)
    throw invalid(raw, `it is longer than ${MAX_FOLDER_PATH_LENGTH} characters`);
  return names;
}

/** Checks one folder name (a rename's new name): printable, no slash, no spaces around it. */
export function checkName(name: string, shownAs: string = name): void {
  if (name === '' || name === '.' || name === '..') throw invalid(shownAs, 'a name must not be empty, . or ..');
  if (name.includes('/') || name.includes('\\')) throw invalid(shownAs, 'a name must not contain a slash');
  if (UNPRINTABLE.test(name)) throw invalid(shownAs, 'a name must be printable');
  if (name.trim() !== name) throw invalid(shownAs, 'a name must not begin or end with a space');
}

/** The original refuses its reserved names for top-level folders only. */
export function checkNotReserved(name: string, parentPath: string): void {
  if (parentPath === ROOT_PATH && RESERVED_ROOT_NAMES.has(name.toLowerCase()))
    throw new CmsError(Errors.FOLDER_NAME_RESERVED, { name });
}

/** The stored path of names: lower-case, a slash at both ends. */
export function storedPath(names: readonly string[]): string {
  return names.length === 0 ? ROOT_PATH : `/${names.join('/').toLowerCase()}/`;
}

/** A path as clients send it (any case, slashes optional) as stored; `/` for the root. */
export function normalisePath(raw: string): string {
  const trimmed = raw.replace(/^\/+/, '').replace(/\/+$/, '');
  return trimmed === '' ? ROOT_PATH : storedPath(folderNames(trimmed));
}

function invalid(path: string, problem: string): CmsError {
  return new CmsError(Errors.FOLDER_PATH_INVALID, { path, problem }, { fieldName: 'path' });
}
