import { navHash } from '../../core/nav/nav-item.js';
import { buildNavTree, outline } from '../helpers/nav-tree.js';
import { checkDocumentedAnswer } from '../helpers/documented-answer.js';
import { testOnSqlite } from '../helpers/test-app.js';

// The navigation tree, GET /api/v1/nav/{uri}.

testOnSqlite('the tree at depths 1 to 3: only live items on the menu, in menu order', async (t, s) => {
  const tree = await buildNavTree(s);
  const admin = s.basicAuth();
  const nav = async (path: string) => {
    const answer = await s.http('GET', path, { headers: admin });
    t.equal(answer.status, 200, `${path}: ${answer.text.slice(0, 300)}`);
    checkDocumentedAnswer(
      t,
      s,
      /^\/api\/v1\/nav\/[^?]/.test(path) ? 'GET /api/v1/nav/*uri' : 'GET /api/v1/nav',
      answer,
    );
    return answer.json.entity;
  };
  const one = await nav('/api/v1/nav/');
  t.notOk('children' in one, 'depth 1 (the default) has no children member');
  t.match(one, { title: 'System folder', folder: 'SYSTEM_FOLDER', href: '/', type: 'folder', languageId: 1 });
  t.equal(outline(await nav('/api/v1/nav/?depth=2')), 'System folder[Home, About Us, Products, News, Meet the team]');
  t.equal(
    outline(await nav('/api/v1/nav?depth=3')),
    'System folder[Home[], About Us[About, Team, Brochure, Contact], Products[Widgets, Catalog, Store], News[], Meet the team[]]',
    'links on the menu and published only: not Archive (hidden) nor Old site (never published)',
  );
  t.equal(
    outline(await nav('/api/v1/nav/about-us?depth=3')),
    'About Us[About[], Team[Leaders, Members], Brochure[], Contact[]]',
    'at equal sort order a folder comes before a page',
  );
  const site = one.host as string;
  const item = (type: string, id: string, title: string, href: string, order: number, folder: string | null) => ({
    title,
    target: '_self',
    code: null,
    folder,
    host: site,
    href,
    languageId: 1,
    order,
    type,
    hash: navHash(type as 'folder', id, 1),
  });
  const { folders, pages, links } = tree;
  const products = await nav('/api/v1/nav/products?depth=2');
  t.strictSame(products.children[2], {
    ...item('link', links.store!, 'Store', 'https://store.example.com', 3, null),
    target: '_blank',
  });
  t.strictSame((await nav('/api/v1/nav/?depth=2')).children[4], {
    ...item('link', links.team!, 'Meet the team', '/about-us/team', 4, null),
  });
  t.strictSame(await nav('/api/v1/nav/about-us/?depth=2'), {
    ...item('folder', folders.aboutUs!, 'About Us', '/about-us', 1, folders.aboutUs!),
    children: [
      item('htmlpage', pages.index!, 'About', '/about-us/index', 1, null),
      item('folder', folders.team!, 'Team', '/about-us/team', 2, folders.team!),
      item('file', pages.brochure!, 'Brochure', '/about-us/brochure.txt', 2, null),
      item('htmlpage', pages.contact!, 'Contact', '/about-us/contact', 3, null),
    ],
  });
  t.same(
    await nav('/api/v1/nav/About-Us/index.html?depth=1'),
    await nav('/api/v1/nav/about-us'),
    'a page name is dropped; case is ignored',
  );
  t.equal(outline(await nav('/api/v1/nav/private?depth=2')), 'private[]', 'a hidden folder is still a root');
});

testOnSqlite('a second language, with the fall-through settings on (the default)', async (t, s) => {
  await buildNavTree(s);
  const answer = await s.http('GET', '/api/v1/nav/about-us?depth=2&languageId=2', { headers: s.basicAuth() });
  t.equal(answer.status, 200, answer.text);
  t.same(
    answer.json.entity.children.map((c: { title: string; languageId: number }) => [c.title, c.languageId]),
    [
      ['À propos', 2],
      ['Team', 2],
      ['Brochure', 1],
      ['Contact', 1],
    ],
    'pages and files missing in French are listed in the default language; folders take the language asked for',
  );
  const viaClientName = await s.http('GET', '/api/v1/nav/about-us?depth=2&language_id=2', { headers: s.basicAuth() });
  t.equal(viaClientName.text, answer.text, 'language_id is read as languageId');
});

testOnSqlite(
  'a second language, with the fall-through settings off',
  async (t, s) => {
    await buildNavTree(s);
    const answer = await s.http('GET', '/api/v1/nav/about-us?depth=2&languageId=2', { headers: s.basicAuth() });
    t.equal(answer.status, 200, answer.text);
    t.same(
      answer.json.entity.children.map((c: { title: string }) => c.title),
      ['À propos', 'Team'],
      'only what exists in French',
    );
  },
  { env: { DEFAULT_PAGE_TO_DEFAULT_LANGUAGE: 'false', DEFAULT_FILE_TO_DEFAULT_LANGUAGE: 'false' } },
);

testOnSqlite(
  'pages and files fall through by their own settings',
  async (t, s) => {
    await buildNavTree(s);
    const answer = await s.http('GET', '/api/v1/nav/about-us?depth=2&languageId=2', { headers: s.basicAuth() });
    t.same(
      answer.json.entity.children.map((c: { title: string }) => c.title),
      ['À propos', 'Team', 'Brochure'],
      'the file falls through, the page does not',
    );
  },
  { env: { DEFAULT_PAGE_TO_DEFAULT_LANGUAGE: 'false' } },
);

testOnSqlite('each error, with the words the original answers', async (t, s) => {
  await buildNavTree(s);
  const admin = s.basicAuth();
  const expect = async (path: string, status: number, errorCode: string, message: string | RegExp) => {
    const answer = await s.http('GET', path, { headers: admin });
    t.equal(answer.status, status, `${path}: ${answer.text}`);
    t.match(answer.json, { entity: null, errors: [{ errorCode }], message }, path);
  };
  await expect('/api/v1/nav/?depth=a', 400, 'NAV_DEPTH_INVALID', 'Invalid value for Depth. Depth must be a number');
  await expect('/api/v1/nav/?depth=1.5', 400, 'NAV_DEPTH_INVALID', 'Invalid value for Depth. Depth must be a number');
  await expect('/api/v1/nav/?depth=0', 400, 'NAV_DEPTH_OUT_OF_RANGE', /from 1 to 10/);
  await expect('/api/v1/nav/?depth=11', 400, 'NAV_DEPTH_OUT_OF_RANGE', /from 1 to 10/);
  await expect('/api/v1/nav/?languageId=123', 400, 'LANGUAGE_NOT_FOUND', 'The provided languageId does not exist');
  await expect('/api/v1/nav/?language_id=9', 400, 'LANGUAGE_NOT_FOUND', 'The provided languageId does not exist');
  await expect('/api/v1/nav/?languageId=fr', 400, 'NAV_LANGUAGE_ID_INVALID', /languageId must be a number/);
  await expect('/api/v1/nav/about-usa?depth=2', 404, 'NAV_URL_NOT_FOUND', 'This URL does not exist');
  await expect('/api/v1/nav/home', 404, 'NAV_URL_NOT_FOUND', 'This URL does not exist');
  await expect('/api/v1/nav/a/%2E%2E/about-us', 404, 'NAV_URL_NOT_FOUND', 'This URL does not exist');
  await expect('/api/v1/nav/?host_id=no-such-site', 404, 'SITE_NOT_FOUND', /no-such-site/);
  t.equal((await s.http('GET', '/api/v1/nav/?depth=10', { headers: admin })).status, 200, 'depth 10 is allowed');

  const anonymous = await s.http('GET', '/api/v1/nav/');
  t.equal(anonymous.status, 401, 'anonymous callers are refused while CONTENT_APIS_ALLOW_ANONYMOUS is NONE');
  t.match(anonymous.text, /Invalid User/);
});

testOnSqlite(
  'anonymous callers read the tree when anonymous content reads are allowed',
  async (t, s) => {
    await buildNavTree(s);
    const anonymous = await s.http('GET', '/api/v1/nav/?depth=2');
    t.equal(anonymous.status, 200, anonymous.text);
    t.equal(outline(anonymous.json.entity), 'System folder[Home, About Us, Products, News, Meet the team]');
  },
  { env: { CONTENT_APIS_ALLOW_ANONYMOUS: 'READ' } },
);
