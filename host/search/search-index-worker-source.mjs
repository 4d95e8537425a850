// The indexing worker when the service runs from its TypeScript sources (tests, `node --import tsx`):
// a worker thread does not inherit the parent's module hooks, so this registers tsx before loading
// the worker. The built service loads search-index-worker.js directly and never uses this file.
import { register } from 'tsx/esm/api';

register();
const worker = await import('./search-index-worker.ts');

export default worker.default;
