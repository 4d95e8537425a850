/** The order a client asked a list for: one column of that list, and a direction. */
export interface Sort<Column extends string = string> {
  column: Column;
  descending: boolean;
}

/** What the paged lists, sorted by storage, may be sorted by. */
export type ContentTypeSortColumn =
  'name' | 'variable' | 'modDate' | 'iDate' | 'sortOrder' | 'description' | 'baseType' | 'id';
export type UserSortColumn = 'email' | 'firstName' | 'lastName' | 'userId' | 'createdAt' | 'modDate';
export type SiteSortColumn = 'siteName' | 'modDate' | 'identifier';
export type TaskSortColumn =
  'modDate' | 'creationDate' | 'title' | 'status' | 'assignedTo' | 'createdBy' | 'languageId' | 'belongsTo';

/** What the lists read whole may be sorted by: members of their items. */
export type RoleSortColumn = 'name' | 'key' | 'id';
export type LanguageSortColumn = 'id' | 'languageCode' | 'countryCode' | 'language' | 'country';
export type CategorySortColumn = 'name' | 'key' | 'variable' | 'sortOrder' | 'modDate' | 'inode';
export type SchemeSortColumn = 'name' | 'modDate' | 'creationDate' | 'id';

/** A sortable value of an item; text is compared ignoring case, as storage compares it. */
export type SortKey = string | number | boolean | null;

/**
 * Sorts a list read whole (roles, languages, schemes, categories of a parent). Without a sort the
 * list keeps the order it came in; items that compare equal keep theirs too.
 */
export function sortItems<T, Column extends keyof T & string>(
  items: readonly T[],
  sort: Sort<Column> | undefined,
): T[] {
  if (!sort) return [...items];
  const sign = sort.descending ? -1 : 1;
  const keyed = items.map((item) => ({ item, key: comparable(item[sort.column] as SortKey) }));
  keyed.sort((a, b) => sign * compare(a.key, b.key));
  return keyed.map((k) => k.item);
}

function comparable(key: SortKey): SortKey {
  return typeof key === 'string' ? key.toLowerCase() : key;
}

/** Nulls first in ascending order, as both storage dialects place them. */
function compare(a: SortKey, b: SortKey): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : a > b ? 1 : 0;
}
