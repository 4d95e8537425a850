import { FieldValueError, type FieldType } from '../../core/plugin/kit.js';
import { fieldClassName } from './class-name.js';
import { scalarText } from './submitted-value.js';

/**
 * Where the content lives. `hostId` is null when only a folder path was sent: the parse context
 * does not know the content's own site, so the content service fills it in.
 */
export interface HostFolderValue {
  hostId: string | null;
  folderPath: string;
}

/** A site, a folder path `/a/b`, or both as `site:/a/b`. */
export const hostFolderField: FieldType = {
  className: fieldClassName('HostFolder'),
  dataType: 'SYSTEM',
  kind: 'value',
  parse: async (value, _field, context): Promise<HostFolderValue> => {
    const text = scalarText(value, 'a site, a folder path or site:path').trim();
    const colon = text.indexOf(':');
    const host = text.startsWith('/') ? undefined : colon < 0 ? text : text.slice(0, colon).trim();
    const folderPath = normalizeFolderPath(host === undefined ? text : colon < 0 ? '/' : text.slice(colon + 1));
    if (host === undefined) return { hostId: null, folderPath };
    if (host === '') throw new FieldValueError(`"${text}" names no site before the colon`);
    const site = await context.findSite(host);
    if (!site) throw new FieldValueError(`no site matches "${host}"`);
    return { hostId: site.identifier, folderPath };
  },
  toContentMap: (stored) => (stored as HostFolderValue | null)?.hostId ?? null,
  toIndex: (stored) => (stored as HostFolderValue | null)?.hostId ?? null,
};

/** `a//b/` → `/a/b`; relative segments are refused rather than resolved, since a path must name one folder. */
function normalizeFolderPath(path: string): string {
  const segments = path
    .trim()
    .split('/')
    .filter((segment) => segment !== '');
  if (segments.some((segment) => segment === '.' || segment === '..'))
    throw new FieldValueError(`"${path}" must not contain . or .. segments`);
  return `/${segments.join('/')}`;
}
