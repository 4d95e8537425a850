import t from 'tap';
import { startTestApp } from '../helpers/test-app.js';

// Every route documents the shape of what it answers when it succeeds, so that
// the OpenAPI document is complete and every REST test checks real answers against it (the test app
// checks each 200 answer against its route's schema).

t.test('every registered route declares the schema of its successful answer', async (t) => {
  const s = (await startTestApp(t))!;
  const routes = s.app.routes();
  t.ok(routes.length > 150, `${routes.length} routes`);
  const undeclared = routes.filter((r) => !r.definition.response?.schema).map((r) => `${r.method} ${r.path}`);
  t.same(undeclared, [], 'no route without an answer schema');
});
