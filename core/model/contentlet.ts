/** What all versions and languages of one content item share. */
export interface ContentIdentifier {
  identifier: string;
  contentTypeId: string;
  host: string;
  folder: string;
  /** Folder path on the host (`/images`; `/` at the root): with `assetName`, the item's path. */
  parentPath: string;
  /** The item's name in its folder (a file's name, a page's URL); null for content that has no path. */
  assetName: string | null;
  owner: string;
  createdAt: number;
}

/** One saved version (an inode) of an item in one language. Values are the field types' stored forms. */
export interface ContentVersion {
  inode: string;
  identifier: string;
  languageId: number;
  title: string;
  modUser: string;
  modDate: number;
  sortOrder: number;
  values: Record<string, unknown>;
}

/** Where an item stands in one language: its working and live versions, archive and lock. */
export interface ContentState {
  identifier: string;
  languageId: number;
  workingInode: string;
  liveInode: string | null;
  archived: boolean;
  lockedBy: string | null;
  lockedAt: number | null;
  modDate: number;
}

/** A content item in one language, as services hand it around. */
export interface Contentlet {
  identifier: ContentIdentifier;
  version: ContentVersion;
  state: ContentState;
}
