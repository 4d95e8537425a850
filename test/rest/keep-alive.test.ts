import t from 'tap';
import { Pool } from 'undici';
import { startTestApp } from '../helpers/test-app.js';

// A body that arrives whole before the service reads it once left the socket paused after the
// answer: the next request on the kept-alive connection was never read, and the client saw a reset.
t.test('one kept-alive connection carries request after request, bodies read or refused', async (t) => {
  const s = (await startTestApp(t, { socket: true }))!;
  const pool = new Pool(s.url, { connections: 1, pipelining: 1, headersTimeout: 3000, bodyTimeout: 3000 });
  t.teardown(() => pool.close());
  const json = { 'content-type': 'application/json' };
  const steps: Array<[string, string, Record<string, string>, unknown, number]> = [
    [
      'POST',
      '/api/v1/contenttype',
      { ...s.basicAuth(), ...json },
      { clazz: 'SimpleContentType', name: 'K', variable: 'K' },
      200,
    ],
    [
      'POST',
      '/api/v2/contenttype/K/fields',
      { ...s.basicAuth(), ...json },
      [{ clazz: 'TextField', name: 'title', variable: 'title' }],
      200,
    ],
    [
      'PUT',
      '/api/v1/workflow/actions/default/fire/NEW',
      { ...s.basicAuth(), ...json },
      { contentletFormData: { contentType: 'K', title: 'a' } },
      200,
    ],
    [
      'PUT',
      '/api/v1/workflow/actions/default/fire/NEW',
      json,
      { contentletFormData: { contentType: 'K', title: 'b' } },
      401,
    ],
    ['GET', '/api/v1/contenttype/id/K', s.basicAuth(), undefined, 200],
  ];
  for (const [method, path, headers, body, status] of steps) {
    const answer = await pool.request({
      method: method as 'GET',
      path,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    await answer.body.text();
    t.equal(answer.statusCode, status, `${method} ${path}`);
  }
});
