/** How a menu link points: at a folder, page or file of its site, at a URL, or as a piece of code. */
export const MENU_LINK_TYPES = ['INTERNAL', 'EXTERNAL', 'CODE'] as const;
export type MenuLinkType = (typeof MENU_LINK_TYPES)[number];

/** Where a browser opens the link, as HTML's `target` names it. */
export const MENU_LINK_TARGETS = ['_self', '_blank', '_parent', '_top'] as const;
export type MenuLinkTarget = (typeof MENU_LINK_TARGETS)[number];

/** A link's working version (what editors change) or its live one (what navigation shows). */
export type MenuLinkVariant = 'working' | 'live';

/**
 * A menu link: the original's `Link`, a versioned legacy asset placed in a folder, not content.
 * One identifier has a working version and, once published, a live one: publishing copies working
 * to live, unpublishing removes live, edits change working only (and give it a new inode).
 */
export interface MenuLink {
  identifier: string;
  /** The version's own id: a new one with each edit, kept by the live copy a publish makes. */
  inode: string;
  hostId: string;
  /**
   * The identifier of the folder the link sits in, or SYSTEM_FOLDER at the root of the site. (The
   * original cannot place links at a site's root yet; menus list root items, so this service can.)
   */
  folder: string;
  title: string;
  friendlyName: string;
  linkType: MenuLinkType;
  /** Put before `url` when the URL has no scheme of its own (`https://`); empty for none. */
  protocol: string;
  url: string;
  /** INTERNAL: the identifier of the folder, page or file pointed at; empty otherwise. */
  internalLinkIdentifier: string;
  /** CODE: what the menu shows in place of a link; empty otherwise. */
  linkCode: string;
  target: MenuLinkTarget;
  showOnMenu: boolean;
  sortOrder: number;
  owner: string;
  modUser: string;
  modDate: number;
  iDate: number;
}

/** A link with both of its versions, as the endpoints show it. */
export interface MenuLinkVersions {
  working: MenuLink;
  /** Absent until published, and after an unpublish. */
  live: MenuLink | undefined;
}

/** Schemes a URL may carry; others (notably `javascript:`) are refused: every menu would run them. */
const SCHEMES = /^(https?:\/\/|mailto:|ftp:\/\/)/i;

/**
 * The address a link sends to: `protocol` + `url`, without the protocol when the URL carries a
 * scheme of its own or is a path on the site (`/about-us/`), as the original's `getWorkingURL`.
 */
export function linkAddress(link: Pick<MenuLink, 'protocol' | 'url'>): string {
  if (SCHEMES.test(link.url) || link.url.startsWith('/')) return link.url;
  return `${link.protocol}${link.url}`;
}

/** Whether a URL (with its protocol) is one a link may send to: http(s), mailto, ftp, or a path on the site. */
export function isAllowedLinkAddress(address: string): boolean {
  const trimmed = address.trim();
  if (trimmed.startsWith('//')) return false;
  return SCHEMES.test(trimmed) || trimmed.startsWith('/');
}
