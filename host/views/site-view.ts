import type { Site } from '../../core/model/site.js';

export function siteView(site: Site) {
  return {
    identifier: site.identifier,
    inode: site.inode,
    siteName: site.siteName,
    hostname: site.siteName,
    hostName: site.siteName,
    aliases: site.aliases,
    default: site.isDefault,
    systemHost: site.system,
    archived: site.archived,
    live: site.live,
    working: true,
    modUser: site.modUser,
    modDate: site.modDate,
  };
}
