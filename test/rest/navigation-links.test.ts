import { fireForm, menuFolder, menuLink, outline, page } from '../helpers/nav-tree.js';
import { testOnSqlite } from '../helpers/test-app.js';

// Menu links in the navigation tree.

testOnSqlite('menu links join the tree: live and on the menu only, in menu order, each type', async (t, s) => {
  const admin = s.basicAuth();
  const nav = async (path: string) => {
    const answer = await s.http('GET', path, { headers: admin });
    t.equal(answer.status, 200, answer.text.slice(0, 300));
    return answer.json.entity;
  };
  const about = await menuFolder(s, '/about/', { title: 'About', showOnMenu: true, sortOrder: 1 });
  await menuFolder(s, '/about/team/', { title: 'Team', showOnMenu: true, sortOrder: 3 });
  const contact = await fireForm(s, 'PUBLISH', page('/about/contact', 'Contact', { showOnMenu: true, sortOrder: 4 }));

  await menuLink(s, {
    title: 'Docs',
    folderPath: '/about',
    url: 'docs.example.com',
    protocol: 'https://',
    target: '_blank',
    sortOrder: 2,
  });
  await menuLink(s, { title: 'Search', folderPath: '/about', linkType: 'CODE', linkCode: '<form/>', sortOrder: 5 });
  const toTeam = await menuLink(s, {
    title: 'Our team',
    folderPath: '/',
    linkType: 'INTERNAL',
    internalLinkIdentifier: (await s.http('GET', '/api/v1/folder/siteId/default/path/about/team', { headers: admin }))
      .json.entity.identifier,
    sortOrder: 9,
  });
  await menuLink(s, {
    title: 'Write us',
    folderPath: '/',
    linkType: 'INTERNAL',
    internalLinkIdentifier: contact.identifier,
    sortOrder: 8,
  });
  await menuLink(s, { title: 'Draft', folderPath: '/about', url: '/draft', publish: false });
  await menuLink(s, { title: 'Hidden', folderPath: '/about', url: '/hidden', showOnMenu: false });

  const tree = await nav('/api/v1/nav/?depth=3');
  t.equal(outline(tree), 'System folder[About[Docs, Team, Contact, Search], Write us[], Our team[]]');
  const [aboutItem, writeUs, ourTeam] = tree.children;
  t.equal(aboutItem.folder, about);
  t.match(aboutItem.children[0], {
    type: 'link',
    title: 'Docs',
    href: 'https://docs.example.com',
    target: '_blank',
    code: null,
    folder: null,
    order: 2,
  });
  t.match(aboutItem.children[3], { type: 'link', title: 'Search', href: '', code: '<form/>', target: '_self' });
  t.same(writeUs.children, [], 'a link has children as a page has, above the depth');
  t.notOk('children' in aboutItem.children[0], 'and none at the depth');
  t.match(writeUs, { type: 'link', href: '/about/contact' });
  t.match(ourTeam, { type: 'link', href: '/about/team' });
  t.ok(Number.isInteger(ourTeam.hash));

  // An INTERNAL link follows its target: renamed, it sends to the new path; deleted, it leaves the menu.
  const renamed = await s.http('PUT', '/api/v1/assets/folders', {
    headers: admin,
    body: { assetPath: '//default/about/team/', data: { name: 'people' } },
  });
  t.equal(renamed.status, 200, renamed.text);
  t.match((await nav('/api/v1/nav/?depth=2')).children.at(-1), { title: 'Our team', href: '/about/people' });
  for (const verb of ['ARCHIVE', 'DELETE']) {
    const fired = await s.http('PUT', `/api/v1/workflow/actions/default/fire/${verb}?inode=${contact.inode}`, {
      headers: admin,
      body: {},
    });
    t.equal(fired.status, 200, fired.status === 200 ? verb : fired.text);
  }
  t.equal(outline(await nav('/api/v1/nav/?depth=2')), 'System folder[About, Our team]', 'a dangling link is left out');

  // A link's publish, unpublish and removal are seen at the next request (the cache is renewed).
  const news = await menuLink(s, { title: 'News', folderPath: '/', url: '/news', sortOrder: 10, publish: false });
  t.equal(outline(await nav('/api/v1/nav/?depth=2')), 'System folder[About, Our team]');
  await s.http('PUT', `/api/v1/menulinks/${news}/_publish`, { headers: admin });
  t.equal(outline(await nav('/api/v1/nav/?depth=2')), 'System folder[About, Our team, News]');
  await s.http('PUT', `/api/v1/menulinks/${toTeam}/_unpublish`, { headers: admin });
  t.equal(outline(await nav('/api/v1/nav/?depth=2')), 'System folder[About, News]');
});
