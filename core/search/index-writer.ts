import type { Storage } from '../plugin/storage/index.js';
import type { BuiltDocuments, ContentIndexer } from './content-indexer.js';
import type { ItemLanguage } from './index-changes.js';

/**
 * Where item-languages are read from storage and written to the index: in this thread, or in a pool
 * of worker threads (the host's), so that building documents takes no time from requests.
 */
export interface IndexWriter {
  write(items: readonly ItemLanguage[]): Promise<void>;
  /** Builds the items' documents without writing them: a reindex writes them into its rebuild. */
  build(items: readonly ItemLanguage[]): Promise<BuiltDocuments>;
  close(): Promise<void>;
}

/** Writes in the calling thread. */
export function inProcessIndexWriter(storage: Storage, indexer: ContentIndexer): IndexWriter {
  return {
    write: (items) => indexer.apply(storage, { refresh: [...items], remove: [] }),
    build: (items) => indexer.build(storage, { refresh: [...items], remove: [] }),
    close: async () => {},
  };
}
