import { defineErrors } from '../error-entry.js';

/** Menu links: the original's Link assets, through the community plugin's endpoints. */
export const menuLinkErrors = defineErrors('menu links', {
  MENU_LINK_NOT_FOUND: {
    kind: 'not_found',
    message: 'Menu link not found: {identifier}',
    meaning: 'No menu link has this identifier (or, for a live read, it is not published).',
  },
  MENU_LINK_FIELD_REQUIRED: {
    kind: 'invalid',
    message: '{field} is required',
    meaning:
      'A member the request needs is missing or blank: `title`, `siteId` and `folderPath` on create; `url`, `internalLinkIdentifier` or `linkCode` for the link type.',
  },
  MENU_LINK_FIELD_INVALID: {
    kind: 'invalid',
    message: '{field} is invalid: {problem}',
    meaning: 'A member is out of its range: too long, an unknown link type or target, a sort order beyond 32 bits.',
  },
  MENU_LINK_URL_REFUSED: {
    kind: 'invalid',
    message:
      'The link address {address} is refused: a menu link goes to an http, https, mailto or ftp address, or to a path on the site starting with one slash',
    meaning:
      'An EXTERNAL link must not run code (`javascript:`, `data:`) in every menu that shows it, nor leave the site through a protocol-relative `//` address.',
  },
  MENU_LINK_FOLDER_NOT_FOUND: {
    kind: 'invalid',
    message: 'Folder not found: {path} on site {site}',
    meaning: 'A menu link is placed in an existing folder of its site (or at its root, `/`).',
  },
  MENU_LINK_INTERNAL_TARGET_NOT_FOUND: {
    kind: 'invalid',
    message: 'internalLinkIdentifier {identifier} names no folder, page or file of the site {site}',
    meaning: 'An INTERNAL link points at a folder or at a page or file of its own site, by identifier.',
  },
  MENU_LINK_SITE_REQUIRED: {
    kind: 'invalid',
    message: 'siteId is required when folderPath is specified',
    meaning: 'A list of links filtered by folder needs the site the folder path is on.',
  },
});
