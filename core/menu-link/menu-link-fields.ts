import type { Definitions } from '../definitions/definition-cache.js';
import { CmsError, Errors } from '../errors/index.js';
import { folderPathOfParent } from '../model/folder.js';
import {
  isAllowedLinkAddress,
  linkAddress,
  MENU_LINK_TARGETS,
  MENU_LINK_TYPES,
  type MenuLink,
  type MenuLinkTarget,
  type MenuLinkType,
} from '../model/menu-link.js';
import type { Site } from '../model/site.js';
import type { Repositories } from '../plugin/storage/index.js';

/** The members a client sets, as the community plugin's form names them; all optional on an update. */
export interface MenuLinkRequest {
  title?: string;
  siteId?: string;
  folderPath?: string;
  url?: string;
  protocol?: string;
  target?: string;
  linkType?: string;
  linkCode?: string;
  internalLinkIdentifier?: string;
  showOnMenu?: boolean;
  sortOrder?: number;
  friendlyName?: string;
  /** Publish the saved working version at once. */
  publish?: boolean;
}

/** The members of a link a request decides. */
export type MenuLinkFields = Pick<
  MenuLink,
  | 'title'
  | 'friendlyName'
  | 'linkType'
  | 'protocol'
  | 'url'
  | 'internalLinkIdentifier'
  | 'linkCode'
  | 'target'
  | 'showOnMenu'
  | 'sortOrder'
>;

const MAX_TEXT = 255;
const MAX_URL = 2000;
/** MySQL's TEXT holds 65,535 bytes: this many characters fit whatever their encoding. */
const MAX_CODE = 16000;
const PROTOCOLS = ['', 'http://', 'https://', 'mailto:', 'ftp://'];
/** Schemes that run code where the link is shown; compared with spaces and controls removed, as browsers do. */
const CODE_SCHEMES = /^(javascript|vbscript|data):/;
const INT32 = { min: -2147483648, max: 2147483647 };

function invalid(field: string, problem: string): CmsError {
  return new CmsError(Errors.MENU_LINK_FIELD_INVALID, { field, problem }, { fieldName: field });
}

function required(field: string): CmsError {
  return new CmsError(Errors.MENU_LINK_FIELD_REQUIRED, { field }, { fieldName: field });
}

function isBlank(value: string | undefined): boolean {
  return value === undefined || value.trim() === '';
}

/**
 * A request's members over a link's current ones (or the defaults for a new link: EXTERNAL,
 * `_self`, not on the menu, sort order 0), checked and made consistent with the link type. INTERNAL
 * targets are looked up on `site`.
 */
export async function resolveFields(
  source: { tx: Repositories; definitions: Definitions; site: Site },
  request: MenuLinkRequest,
  current: MenuLinkFields | undefined,
): Promise<MenuLinkFields> {
  const title = request.title ?? current?.title ?? '';
  if (isBlank(title)) throw required('title');
  if (title.length > MAX_TEXT) throw invalid('title', `longer than ${MAX_TEXT} characters`);
  // The plugin's default: the title, when no friendly name is given.
  const friendlyName = request.friendlyName ?? current?.friendlyName ?? title;
  if (friendlyName.length > MAX_TEXT) throw invalid('friendlyName', `longer than ${MAX_TEXT} characters`);
  const linkType = (request.linkType?.toUpperCase() ?? current?.linkType ?? 'EXTERNAL') as MenuLinkType;
  if (!MENU_LINK_TYPES.includes(linkType)) throw invalid('linkType', `not one of ${MENU_LINK_TYPES.join(', ')}`);
  const target = (request.target ?? current?.target ?? '_self') as MenuLinkTarget;
  if (!MENU_LINK_TARGETS.includes(target)) throw invalid('target', `not one of ${MENU_LINK_TARGETS.join(', ')}`);
  const sortOrder = request.sortOrder ?? current?.sortOrder ?? 0;
  if (!Number.isInteger(sortOrder) || sortOrder < INT32.min || sortOrder > INT32.max)
    throw invalid('sortOrder', 'not a 32-bit integer');
  const common = {
    title,
    friendlyName,
    target,
    sortOrder,
    showOnMenu: request.showOnMenu ?? current?.showOnMenu ?? false,
  };
  // Members of another type are cleared: a link switched from CODE to EXTERNAL keeps no code.
  const none = { protocol: '', url: '', internalLinkIdentifier: '', linkCode: '' };
  switch (linkType) {
    case 'EXTERNAL':
      return { ...common, ...none, linkType, ...external(request, current) };
    case 'INTERNAL':
      return { ...common, ...none, linkType, ...(await internal(source, request, current)) };
    case 'CODE': {
      const linkCode = request.linkCode ?? current?.linkCode ?? '';
      if (isBlank(linkCode)) throw required('linkCode');
      if (linkCode.length > MAX_CODE) throw invalid('linkCode', `longer than ${MAX_CODE} characters`);
      return { ...common, ...none, linkType, linkCode };
    }
  }
}

function external(request: MenuLinkRequest, current: MenuLinkFields | undefined): { protocol: string; url: string } {
  const url = (request.url ?? (current?.linkType === 'EXTERNAL' ? current.url : '')).trim();
  if (url === '') throw required('url');
  if (url.length > MAX_URL) throw invalid('url', `longer than ${MAX_URL} characters`);
  // Control characters and backslashes: browsers drop or rewrite them, which can turn a path into another address.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(url)) throw invalid('url', 'it holds a control character or a backslash');
  const stated = request.protocol ?? (request.url === undefined ? current?.protocol : undefined);
  const protocol = stated?.trim().toLowerCase() ?? (isAllowedLinkAddress(url) ? '' : 'http://');
  if (!PROTOCOLS.includes(protocol)) throw invalid('protocol', `not one of ${PROTOCOLS.filter(Boolean).join(', ')}`);
  const address = linkAddress({ protocol, url });
  if (CODE_SCHEMES.test(url.replace(/\s/g, '').toLowerCase()) || !isAllowedLinkAddress(address))
    throw new CmsError(Errors.MENU_LINK_URL_REFUSED, { address }, { fieldName: 'url' });
  return { protocol, url };
}

/**
 * An INTERNAL link's target: a folder or a page or file (content with a name) of the link's site.
 * Its path on the site is kept in `url` as it is at the save; navigation follows the identifier.
 */
async function internal(
  { tx, definitions, site }: { tx: Repositories; definitions: Definitions; site: Site },
  request: MenuLinkRequest,
  current: MenuLinkFields | undefined,
): Promise<{ internalLinkIdentifier: string; url: string }> {
  const identifier = (request.internalLinkIdentifier ?? current?.internalLinkIdentifier ?? '').trim();
  if (identifier === '') throw required('internalLinkIdentifier');
  const folder = await definitions.folder(identifier);
  if (folder?.hostId === site.identifier) return { internalLinkIdentifier: identifier, url: folder.path };
  const item = folder ? undefined : await tx.content.findIdentifier(identifier);
  if (item && item.host === site.identifier && item.assetName)
    return { internalLinkIdentifier: identifier, url: `${folderPathOfParent(item.parentPath)}${item.assetName}` };
  throw new CmsError(
    Errors.MENU_LINK_INTERNAL_TARGET_NOT_FOUND,
    { identifier, site: site.siteName },
    { fieldName: 'internalLinkIdentifier' },
  );
}
