import type { SearchIndex } from '../../core/plugin/search-driver.js';
import { sourceFile } from '../helpers/source-entry.js';
import type { TestApp } from '../helpers/test-app.js';
import { WAIT_LIMIT_MS } from '../helpers/wait-async.js';

/** The embedded index whose rebuild always fails (a reindex's failure path), for a process of its own. */
export const FAILING_REBUILD_ENV = {
  CMS_PLUGINS: sourceFile('test/fixtures/failing-rebuild-search-plugin'),
  CMS_SEARCH_DRIVER: 'failing-rebuild',
};

/** The app's search index, read directly (what the index holds, whatever the endpoints do). */
export function searchIndexOf(s: TestApp): SearchIndex {
  return s.app.services.search;
}

/** Ids of the documents a query matches, sorted. */
export async function indexedIds(s: TestApp, query: Record<string, unknown> = { match_all: {} }): Promise<string[]> {
  const answer = await searchIndexOf(s).search({ query, size: 1000 });
  return answer.hits.hits.map((hit) => hit._id).sort();
}

/** Fires a system action (NEW, PUBLISH, ...) as the administrator; answers the contentlet map. */
export async function fireSystem(
  s: TestApp,
  verb: string,
  form: Record<string, unknown>,
  query = '?indexPolicy=WAIT_FOR',
): Promise<Record<string, any>> {
  const response = await s.http('PUT', `/api/v1/workflow/actions/default/fire/${verb}${query}`, {
    headers: s.basicAuth(),
    body: { contentletFormData: form },
  });
  if (response.status !== 200) throw new Error(`${verb} answered ${response.status}: ${response.text}`);
  return response.json.entity;
}

/**
 * Polls until `check` holds (deferred indexing happens just after the answer; a worker thread
 * starting under load may take seconds), up to a bound only a hang reaches; answers the last check.
 */
export async function eventually(check: () => Promise<boolean>, timeoutMs = WAIT_LIMIT_MS): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 20));
  }
  return check();
}
