import t from 'tap';
import { buildNavTree, fireForm, outline, page } from '../helpers/nav-tree.js';
import { twoApps } from '../helpers/two-apps.js';

// A navigation tree cached by one process follows changes made through another.

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
