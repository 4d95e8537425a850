export interface Site {
  identifier: string;
  inode: string;
  siteName: string;
  /** Other host names answered by this site, newline-separated as the original keeps them. */
  aliases: string;
  isDefault: boolean;
  /** True only for SYSTEM_HOST. */
  system: boolean;
  archived: boolean;
  live: boolean;
  modUser: string;
  modDate: number;
}

export const SYSTEM_HOST = 'SYSTEM_HOST';
export const SYSTEM_FOLDER = 'SYSTEM_FOLDER';
export const DEFAULT_SITE_NAME = 'default';

/** A variable of a site: a named key and value templates and clients read with the site. */
export interface SiteVariable {
  id: string;
  siteId: string;
  name: string;
  /** Letters and digits; unique per site. */
  key: string;
  value: string;
  modUser: string;
  modDate: number;
}
