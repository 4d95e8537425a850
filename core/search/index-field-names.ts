/**
 * Field names as the index keeps them. The original lower-cases every field name (and every string
 * value) when it indexes content, and lower-cases queries before running them, so `contentType`,
 * `languageId` and `Blog.title` reach the index as `contenttype`, `languageid` and `blog.title`.
 */

/** The field a query term without a field searches: every value of the item. */
export const CATCHALL_FIELD = 'catchall';

/** Old names the original still answers to, mapped to the index's name for the same value. */
const ALIASES: Readonly<Record<string, string>> = {
  structurename: 'contenttype',
  structuretype: 'basetype',
};

/**
 * Members holding exact values (identifiers, flags, numbers, variables): an unquoted or quoted value
 * on them is one exact term, not analysed text. Any `*_dotraw` field (the original's raw copy of a
 * text field) is exact too.
 */
const EXACT_FIELDS: ReadonlySet<string> = new Set([
  'identifier',
  'inode',
  'contenttype',
  'basetype',
  'languageid',
  'live',
  'working',
  'deleted',
  'locked',
  'conhost',
  'conhostname',
  'confolder',
  'variant',
  'owner',
  'moduser',
  'moddate',
  'creationdate',
  'parentpath',
  'path',
  'urlmap',
  'shortid',
  'shortinode',
]);

/** `contentType` → `contenttype`, `Blog.Title` → `blog.title`, `structureName` → `contenttype`. */
export function indexFieldName(name: string): string {
  const lowered = name.toLowerCase();
  return ALIASES[lowered] ?? lowered;
}

/** Whether a (normalised) field holds exact values rather than analysed text. */
export function isExactField(field: string): boolean {
  return EXACT_FIELDS.has(field) || field.endsWith('_dotraw');
}
