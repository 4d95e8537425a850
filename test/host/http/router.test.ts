import t from 'tap';
import { Router } from '../../../host/http/router.js';

t.test('static, parameter and rest routes', async (t) => {
  const r = new Router<string>();
  r.add('GET', '/api/v1/workflow/actionlets/', 'catalogue');
  r.add('GET', '/api/v1/workflow/schemes/:schemeId/actions', 'scheme-actions');
  r.add('DELETE', '/api/v1/workflow/schemes/:id/actions', 'delete-scheme-actions');
  r.add('GET', '/api/v1/nav/*uri', 'nav');
  r.add('GET', '/', 'root');

  t.same(r.match('GET', '/api/v1/workflow/actionlets'), { kind: 'found', value: 'catalogue', params: {} });
  t.same(r.match('GET', '/api/v1/workflow/actionlets/'), { kind: 'found', value: 'catalogue', params: {} });
  t.same(r.match('GET', '/api/v1/workflow/schemes/abc%20d/actions'), {
    kind: 'found',
    value: 'scheme-actions',
    params: { schemeId: 'abc d' },
  });
  t.same(r.match('DELETE', '/api/v1/workflow/schemes/x/actions'), {
    kind: 'found',
    value: 'delete-scheme-actions',
    params: { id: 'x' },
  });
  t.same(r.match('GET', '/api/v1/nav/about-us/team'), {
    kind: 'found',
    value: 'nav',
    params: { uri: 'about-us/team' },
  });
  t.same(r.match('GET', '/'), { kind: 'found', value: 'root', params: {} });
  t.same(r.match('HEAD', '/'), { kind: 'found', value: 'root', params: {} }, 'HEAD is served by GET');
});

t.test('404 and 405', async (t) => {
  const r = new Router<string>();
  r.add('GET', '/a/:id', 'get');
  r.add('PUT', '/a/:id', 'put');
  r.add('POST', '/b', 'post');
  t.same(r.match('GET', '/nope'), { kind: 'not_found' });
  t.same(r.match('GET', '/a'), { kind: 'not_found' });
  t.same(r.match('GET', '/a//'), { kind: 'not_found' }, 'an empty parameter matches nothing');
  t.same(r.match('GET', '/a/1/2'), { kind: 'not_found' });
  t.same(r.match('DELETE', '/a/1'), { kind: 'method_not_allowed', allowed: ['GET', 'PUT'] });
  t.same(r.match('GET', '/b'), { kind: 'method_not_allowed', allowed: ['POST'] });
});

t.test('malformed escapes do not throw; duplicates and misplaced rest parameters are refused', async (t) => {
  const r = new Router<string>();
  r.add('GET', '/x/:id', 'x');
  t.same(r.match('GET', '/x/%E0%A4%A'), { kind: 'found', value: 'x', params: { id: '%E0%A4%A' } });
  t.throws(() => r.add('GET', '/x/:other', 'y'), /declared twice/);
  t.throws(() => r.add('GET', '/y/*rest/z', 'z'), /must come last/);
  t.same(
    r.routes().map((e) => `${e.method} ${e.path}`),
    ['GET /x/:id'],
  );
});

t.test('a route that is only a rest parameter is a fallback: last, and never a 405 elsewhere', async (t) => {
  const r = new Router<string>();
  r.add('GET', '/*path', 'file');
  r.add('GET', '/api/:id', 'api');
  r.add('POST', '/b', 'post');
  t.same(r.match('GET', '/api/1'), { kind: 'found', value: 'api', params: { id: '1' } }, 'other routes win');
  t.same(r.match('GET', '/img/a%20b.png'), { kind: 'found', value: 'file', params: { path: 'img/a b.png' } });
  t.same(r.match('HEAD', '/img/a.png'), { kind: 'found', value: 'file', params: { path: 'img/a.png' } });
  t.same(r.match('POST', '/img/a.png'), { kind: 'not_found' }, 'other methods stay 404, not 405');
  t.same(
    r.match('GET', '/b'),
    { kind: 'method_not_allowed', allowed: ['POST'] },
    'a path of another route keeps its 405',
  );
  t.same(r.match('GET', '/'), { kind: 'not_found' }, 'the root is no file');
  t.ok(
    r.routes().some((route) => route.path === '/*path' && route.method === 'GET'),
    'listed with the routes',
  );
  t.throws(() => r.add('GET', '/*other', 'again'), /declared twice/);
});

t.test(
  'patterns of any length: declaration order, rest parameters at any depth, routes added after a match',
  async (t) => {
    const r = new Router<string>();
    r.add('GET', '/a/:x/b', 'first');
    r.add('GET', '/a/c/:y', 'second');
    r.add('PUT', '/a/c/:y', 'put');
    r.add('GET', '/deep/1/2/3/4/5/*rest', 'deep');
    t.same(r.match('GET', '/a/c/b'), { kind: 'found', value: 'first', params: { x: 'c' } }, 'the first declared wins');
    t.same(r.match('PUT', '/a/c/b'), { kind: 'found', value: 'put', params: { y: 'b' } });
    t.same(r.match('DELETE', '/a/c/b'), { kind: 'method_not_allowed', allowed: ['GET', 'PUT'] });
    t.same(r.match('GET', '/deep/1/2/3/4/5'), { kind: 'not_found' }, 'a rest parameter takes one segment at least');
    const long = Array.from({ length: 40 }, (_, i) => `s${i}`).join('/');
    t.same(r.match('GET', `/deep/1/2/3/4/5/${long}`), { kind: 'found', value: 'deep', params: { rest: long } });
    t.same(r.match('GET', '/later/1'), { kind: 'not_found' });
    r.add('GET', '/later/:n', 'later');
    t.same(r.match('GET', '/later/1'), { kind: 'found', value: 'later', params: { n: '1' } }, 'a route added since');
    r.add('GET', '/x/*all', 'all');
    t.same(r.match('GET', `/x/${long}`), { kind: 'found', value: 'all', params: { all: long } });
  },
);
