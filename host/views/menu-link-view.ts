import type { MenuLinkEntry } from '../../core/menu-link/menu-link-service.js';

/**
 * A link's working version as the original's Link map shows it (`parent` is the folder, `protocol`
 * spelt right), with what the community plugin's view adds (`identifier`, `inode`, `linkCode`,
 * `siteId`, `folderPath`). `live` says whether this version is the live one; `hasLiveVersion`
 * whether any is.
 */
export function menuLinkView({ working, live, folderPath }: MenuLinkEntry) {
  return {
    identifier: working.identifier,
    inode: working.inode,
    type: 'links',
    hostId: working.hostId,
    siteId: working.hostId,
    parent: working.folder,
    folderPath,
    title: working.title,
    friendlyName: working.friendlyName,
    protocol: working.protocol,
    url: working.url,
    target: working.target,
    internalLinkIdentifier: working.internalLinkIdentifier,
    linkType: working.linkType,
    linkCode: working.linkCode,
    showOnMenu: working.showOnMenu,
    sortOrder: working.sortOrder,
    working: true,
    live: live?.inode === working.inode,
    hasLiveVersion: live !== undefined,
    deleted: false,
    locked: false,
    owner: working.owner,
    iDate: working.iDate,
    modDate: working.modDate,
    modUser: working.modUser,
  };
}
