import type { ContentType } from '../model/content-type.js';
import type { ContentIdentifier } from '../model/contentlet.js';
import type { Field } from '../model/field.js';

/** Data types whose values are text, for choosing a title. */
const TEXT_DATA_TYPES = new Set(['TEXT', 'LONG_TEXT']);

/** Where an item lives and under which name, as `locate` finds it. */
export type Placement = ReturnType<typeof locate>;

/**
 * Where an item lives: a Site or Folder field places it (host and folder path); files are named by
 * their `fileName` (or the uploaded file's name) and pages by their `url`, which makes their path.
 */
export function locate(
  type: ContentType,
  fields: readonly Field[],
  values: Record<string, unknown>,
  existing: ContentIdentifier | undefined,
) {
  const placed = fields.map((f) => values[f.variable]).find(isHostFolder);
  const host = placed?.hostId ?? existing?.host ?? type.host;
  const parentPath = placed?.folderPath ?? existing?.parentPath ?? '/';
  const nameField = type.baseType === 'FILEASSET' ? 'fileName' : type.baseType === 'HTMLPAGE' ? 'url' : null;
  let assetName: string | null = null;
  if (nameField) {
    const named = values[nameField];
    const uploaded = fields
      .map((f) => values[f.variable])
      .find(
        (v): v is { name: string } =>
          typeof v === 'object' && v !== null && typeof (v as { name?: unknown }).name === 'string' && 'size' in v,
      );
    assetName = typeof named === 'string' && named.trim() !== '' ? named.trim() : (uploaded?.name ?? null);
  }
  return { host, parentPath, assetName, nameField };
}

function isHostFolder(value: unknown): value is { hostId: string | null; folderPath: string } {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { folderPath?: unknown }).folderPath === 'string' &&
    'hostId' in value
  );
}

/** The `title` field when there is one, else the first text field with a value, else the identifier. */
export function titleOf(fields: readonly Field[], values: Record<string, unknown>, identifier: string): string {
  const titled = fields.find((f) => f.variable.toLowerCase() === 'title');
  const candidates = titled
    ? [titled]
    : fields.filter((f) => TEXT_DATA_TYPES.has(f.dataType) && f.clazz.endsWith('TextField'));
  for (const field of candidates) {
    const value = values[field.variable];
    if (typeof value === 'string' && value.trim() !== '') return value.slice(0, 255);
  }
  return identifier;
}
