import t, { type Test } from 'tap';
import { join } from 'node:path';
import { buildNavTree, fireForm, outline, page } from '../helpers/nav-tree.js';
import { createTestDatabase } from '../helpers/mysql-database.js';
import { startTestApp, tempDataDir, type TestApp } from '../helpers/test-app.js';

// Issue 15: a navigation tree cached by one process follows changes made through another.

/** Two service processes on one database, as behind a load balancer. */
async function twoApps(t: Test, storage: 'sqlite' | 'mysql'): Promise<[TestApp, TestApp] | undefined> {
  if (storage === 'sqlite') {
    const dataDir = tempDataDir(t);
    return [(await startTestApp(t, { dataDir }))!, (await startTestApp(t, { dataDir }))!];
  }
  const url = await createTestDatabase(t);
  if (!url) return undefined;
  const index = join(tempDataDir(t), 'index.db');
  const env = { CMS_STORAGE_DRIVER: 'mysql', CMS_STORAGE_MYSQL_URL: url, CMS_SEARCH_EMBEDDED_FILE: index };
  const first = (await startTestApp(t, { env }))!;
  return [first, (await startTestApp(t, { env }))!];
}

for (const storage of ['sqlite', 'mysql'] as const) {
  t.test(`a change through one process is in the next tree another answers, on ${storage}`, async (t) => {
    const apps = await twoApps(t, storage);
    if (!apps) return;
    const [a, b] = apps;
    const { pages } = await buildNavTree(a);
    const admin = a.basicAuth();
    const tree = async () => {
      const answer = await b.http('GET', '/api/v1/nav/about-us?depth=3', { headers: admin });
      t.equal(answer.status, 200, answer.text.slice(0, 200));
      return outline(answer.json.entity);
    };
    t.equal(await tree(), 'About Us[About[], Team[Leaders, Members], Brochure[], Contact[]]', 'cached by b');

    const added = await fireForm(a, 'PUBLISH', page('/about-us/faq', 'FAQ', { showOnMenu: 'true', sortOrder: 5 }));
    t.equal(await tree(), 'About Us[About[], Team[Leaders, Members], Brochure[], Contact[], FAQ[]]', 'publish');
    await fireForm(a, 'UNPUBLISH', { identifier: added.identifier });
    await fireForm(a, 'UNPUBLISH', { identifier: pages.contact });
    t.equal(await tree(), 'About Us[About[], Team[Leaders, Members], Brochure[]]', 'unpublish');

    const renamed = await a.http('PUT', '/api/v1/assets/folders', {
      headers: admin,
      body: { assetPath: '//default/about-us/team/', data: { name: 'people', title: 'People' } },
    });
    t.equal(renamed.status, 200, renamed.text);
    t.equal(await tree(), 'About Us[About[], People[Leaders, Members], Brochure[]]', 'rename a folder');
    const people = await b.http('GET', '/api/v1/nav/about-us/people', { headers: admin });
    t.match(people.json.entity, { title: 'People', href: '/about-us/people' });

    const hidden = await a.http('PUT', '/api/v1/assets/folders', {
      headers: admin,
      body: { assetPath: '//default/about-us/people/', data: { showOnMenu: false } },
    });
    t.equal(hidden.status, 200, hidden.text);
    t.equal(await tree(), 'About Us[About[], Brochure[]]', 'showOnMenu off');
  });
}
