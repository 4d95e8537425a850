/**
 * Tests only: a `hold` set here before the service opens the index is handed to its search threads
 * (see `SearchWorkerData.hold`), so that a test can keep a search running as long as it needs.
 */
export const embeddedSearchTestHooks: { hold?: SharedArrayBuffer } = {};
