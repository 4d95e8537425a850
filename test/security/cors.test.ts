import t from 'tap';
import { startTestApp } from '../helpers/test-app.js';

const APP = 'https://app.example';

// CORS, configurable, answered for every route.
t.test("preflights list the path's methods; only allowed origins get CORS headers", async (t) => {
  const s = (await startTestApp(t, {
    env: { CMS_HTTP_CORS_ORIGINS: APP, CMS_HTTP_CORS_CREDENTIALS: 'true', CMS_HTTP_CORS_MAX_AGE: '120' },
  }))!;
  const preflight = await s.http('OPTIONS', '/api/v1/workflow/schemes', {
    headers: { origin: APP, 'access-control-request-method': 'POST' },
  });
  t.equal(preflight.status, 204);
  t.equal(preflight.headers.get('access-control-allow-origin'), APP);
  t.equal(preflight.headers.get('access-control-allow-methods'), 'GET, POST, OPTIONS');
  t.match(preflight.headers.get('access-control-allow-headers'), /Authorization.*Content-Type.*CMSAUTH/);
  t.equal(preflight.headers.get('access-control-max-age'), '120');
  t.equal(preflight.headers.get('access-control-allow-credentials'), 'true');
  t.equal(preflight.headers.get('vary'), 'Origin');

  const withParams = await s.http('OPTIONS', '/api/v1/workflow/steps/abc', { headers: { origin: APP } });
  t.equal(
    withParams.headers.get('access-control-allow-methods'),
    'DELETE, GET, PUT, OPTIONS',
    'a route with parameters',
  );

  const stranger = await s.http('OPTIONS', '/api/v1/workflow/schemes', { headers: { origin: 'https://evil.example' } });
  t.equal(stranger.status, 204);
  t.equal(stranger.headers.get('access-control-allow-origin'), null, 'another origin learns nothing it may use');
  t.equal(stranger.headers.get('allow'), 'GET, POST, OPTIONS');
  t.equal((await s.http('OPTIONS', '/api/v1/nothing-here')).status, 404);

  const read = await s.http('GET', '/api/v1/probes/alive', { headers: { origin: APP } });
  t.equal(read.headers.get('access-control-allow-origin'), APP, 'answers to an allowed origin are readable');
  const other = await s.http('GET', '/api/v1/probes/alive', { headers: { origin: 'https://evil.example' } });
  t.equal(other.headers.get('access-control-allow-origin'), null);
});

t.test('without http.cors.origins no origin is allowed', async (t) => {
  const s = (await startTestApp(t))!;
  const preflight = await s.http('OPTIONS', '/api/v1/users', { headers: { origin: APP } });
  t.equal(preflight.status, 204, 'no longer a 405');
  t.equal(preflight.headers.get('access-control-allow-origin'), null);
});
