import type { Config } from '../config/config.js';
import type { Logger } from '../logger.js';

/** A document as the search index holds it: flat properties of one content version. */
export type SearchDocument = Record<string, unknown> & { id: string };

export interface SearchIndex {
  index(documents: readonly SearchDocument[]): Promise<void>;
  remove(ids: readonly string[]): Promise<void>;
  /** Runs an engine request (the JSON body of the search interface) and answers the engine's response. */
  search(request: Record<string, unknown>): Promise<Record<string, unknown>>;
  close(): Promise<void>;
}

/** A search driver, chosen by the property `search.driver` (`embedded`, `elasticsearch`). */
export interface SearchDriver {
  name: string;
  open(context: { config: Config; dataDir: string; logger: Logger }): Promise<SearchIndex>;
}
