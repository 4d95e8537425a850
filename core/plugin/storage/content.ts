import type { ContentIdentifier, ContentState, ContentVersion } from '../../model/contentlet.js';

// Versioned content: identifiers, versions, per-language states and unique values.

/** Versioned content. Writes are meant to run inside a transaction (the content service does). */
export interface ContentRepository {
  insertIdentifier(identifier: ContentIdentifier): Promise<void>;
  findIdentifier(identifier: string): Promise<ContentIdentifier | undefined>;
  /**
   * The identifiers found among these, in no particular order: one read for a batch (indexing
   * reads hundreds of items at a time). Any number may be asked for; the driver splits long lists.
   */
  findIdentifiers(identifiers: readonly string[]): Promise<ContentIdentifier[]>;
  /** Moves or renames an item (host, folder path, asset name). Throws `RECORD_NOT_UNIQUE` when the path is taken. */
  updateIdentifier(identifier: ContentIdentifier): Promise<void>;
  /** The item at a path on a host; the folder path and the name compare ignoring (ASCII) case. */
  findByPath(host: string, parentPath: string, assetName: string): Promise<ContentIdentifier | undefined>;
  /**
   * The live, unarchived versions of pages and files (items whose type's base type is one of
   * `baseTypes`) directly in any of the folders `parentPaths` (as content keeps them: `/a/b`, `/`),
   * in any of `languageIds`, on one host: one query for a whole level (or subtree) of a navigation
   * tree. Paths compare ignoring case. In no particular order.
   */
  listLiveInFolders(query: LiveInFoldersQuery): Promise<LiveFolderItem[]>;
  /** Identifiers of items of a content type, at most `limit` of them. */
  listIdentifiersOfType(contentTypeId: string, limit: number): Promise<string[]>;
  /** How many items each of these content types has (one grouped count); types without items are left out. */
  countItemsOfTypes(contentTypeIds: readonly string[]): Promise<Map<string, number>>;
  /**
   * Item-languages (content states) after `after` in (identifier, languageId) order, at most
   * `limit`: a keyset page for walking all content, or that of one type or site, without offsets.
   */
  scanItemLanguages(query: ItemLanguageScan): Promise<Array<{ identifier: string; languageId: number }>>;
  /** How many item-languages the scan would walk (a reindex's progress total). */
  countItemLanguages(query: Omit<ItemLanguageScan, 'after' | 'limit'>): Promise<number>;
  /** Removes the item with every version, state and unique value, in every language. */
  deleteIdentifier(identifier: string): Promise<void>;
  insertVersion(version: ContentVersion): Promise<void>;
  findVersion(inode: string): Promise<ContentVersion | undefined>;
  /** The versions found among these inodes, in no particular order (see `findIdentifiers`). */
  findVersions(inodes: readonly string[]): Promise<ContentVersion[]>;
  /** Newest first. */
  listVersions(identifier: string, languageId: number): Promise<ContentVersion[]>;
  /** Removes one language of an item: its versions, state and unique values. */
  deleteLanguage(identifier: string, languageId: number): Promise<void>;
  /**
   * Of `paths` (stored asset paths, `assets/<key>`), those some content version still holds: a
   * string equal to one anywhere in its values, whatever the field. Reads every version that holds
   * an asset path, a page at a time: meant for the periodic asset sweep, not for requests.
   */
  referencedAssetPaths(paths: readonly string[]): Promise<Set<string>>;
  findState(identifier: string, languageId: number): Promise<ContentState | undefined>;
  /** Every language's state of the item, every column as committed when the read began (kept content answers compare them). */
  listStates(identifier: string): Promise<ContentState[]>;
  /** The states of these items, in every language, in no particular order (see `findIdentifiers`). */
  listStatesOf(identifiers: readonly string[]): Promise<ContentState[]>;
  /** Inserts or replaces the state of (identifier, language). */
  putState(state: ContentState): Promise<void>;
  /** The item holding a unique value, if any. */
  findUniqueHolder(fieldId: string, languageId: number, valueHash: string): Promise<string | undefined>;
  /** Replaces the unique-field claims of an item in one language; throws `CONTENT_UNIQUE_VALUE_TAKEN` naming the field id in `details[0].fieldName`. */
  claimUniqueValues(
    identifier: string,
    languageId: number,
    claims: ReadonlyArray<{ fieldId: string; valueHash: string }>,
  ): Promise<void>;
}

export interface LiveInFoldersQuery {
  host: string;
  parentPaths: readonly string[];
  languageIds: readonly number[];
  baseTypes: readonly string[];
}

/** One live version of an item in a folder, with what a menu shows of it. */
export interface LiveFolderItem {
  identifier: ContentIdentifier;
  baseType: string;
  languageId: number;
  inode: string;
  title: string;
  sortOrder: number;
  values: Record<string, unknown>;
}

export interface ItemLanguageScan {
  after?: { identifier: string; languageId: number };
  limit: number;
  contentTypeId?: string;
  /** A site id: items whose host it is. */
  host?: string;
}
