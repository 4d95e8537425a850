// The demo data set: a site, three content types, twenty items spread over the System Workflow's
// steps, two users with roles. Loaded through the REST interface, as a client would.

export const DEMO_SITE = 'demo.example.com';

const TYPES = [
  {
    name: 'Article',
    variable: 'DemoArticle',
    description: 'News and blog posts',
    fields: [
      ['TextField', 'Title', 'title', true],
      ['TextField', 'Author', 'author', false],
      ['TextAreaField', 'Summary', 'summary', false],
    ],
  },
  {
    name: 'Event',
    variable: 'DemoEvent',
    description: 'Things that happen on a day',
    fields: [
      ['TextField', 'Title', 'title', true],
      ['TextField', 'Location', 'location', false],
      ['DateField', 'Day', 'day', false],
    ],
  },
  {
    name: 'Product',
    variable: 'DemoProduct',
    description: 'What the shop sells',
    fields: [
      ['TextField', 'Name', 'title', true],
      ['TextField', 'Price', 'price', false],
      ['TextAreaField', 'Description', 'description', false],
    ],
  },
];

const ITEMS = {
  DemoArticle: [
    { title: 'Welcome to the demo', author: 'Ada', summary: 'What this site shows.' },
    { title: 'Workflows in five minutes', author: 'Ada', summary: 'Save, publish, archive.' },
    { title: 'Writing an actionlet', author: 'Grace', summary: 'A small file and no host.' },
    { title: 'Scaling out on MariaDB', author: 'Grace', summary: 'Several processes, one database.' },
    { title: 'Release notes', author: 'Linus', summary: 'What changed.' },
    { title: 'Field types explained', author: 'Linus', summary: 'Text, dates, choices and files.' },
    { title: 'An old announcement', author: 'Ada', summary: 'Kept for the record.' },
  ],
  DemoEvent: [
    { title: 'Spring meetup', location: 'Lisbon', day: '2027-04-12' },
    { title: 'Plugin workshop', location: 'Online', day: '2027-05-03' },
    { title: 'Summer release party', location: 'Berlin', day: '2027-06-21' },
    { title: 'Autumn conference', location: 'Toronto', day: '2027-10-08' },
    { title: 'Winter hack week', location: 'Oslo', day: '2027-12-01' },
    { title: 'Last year’s meetup', location: 'Lisbon', day: '2026-04-12' },
  ],
  DemoProduct: [
    { title: 'Starter plan', price: '0', description: 'One site, SQLite, everything included.' },
    { title: 'Team plan', price: '29', description: 'Several editors and workflows.' },
    { title: 'Scale plan', price: '99', description: 'MariaDB and several processes.' },
    { title: 'Support hours', price: '120', description: 'An expert on call.' },
    { title: 'Training day', price: '900', description: 'A day with your team.' },
    { title: 'Retired plan', price: '10', description: 'No longer sold.' },
    { title: 'Stickers', price: '2', description: 'For laptops.' },
  ],
};

/** Where each item ends: its index in its type's list decides, so the set is the same every time. */
function stepOf(index, count) {
  if (index === count - 1) return 'archived';
  return index % 2 === 0 ? 'published' : 'draft';
}

/**
 * Loads the demo set. `call(method, path, body)` sends one request as the administrator and answers
 * `{ status, json }`. Answers what was made; refuses (throws) when the demo site exists already.
 */
export async function loadDemo(call) {
  const expect = async (what, method, path, body) => {
    const answer = await call(method, path, body);
    if (answer.status !== 200) {
      throw new Error(`${what}: ${method} ${path} answered ${answer.status} ${JSON.stringify(answer.json?.errors)}`);
    }
    return answer.json;
  };
  const sites = await expect('listing sites', 'GET', '/api/v1/site?per_page=1000');
  if (sites.entity.some((site) => site.siteName === DEMO_SITE)) {
    throw new Error(`the demo is loaded already (the site ${DEMO_SITE} exists)`);
  }
  const site = await expect('the site', 'POST', '/api/v1/site', { siteName: DEMO_SITE });

  const editors = await expect('a role', 'POST', '/api/v1/roles', {
    roleName: 'Demo editors',
    roleKey: 'demo-editors',
  });
  const reviewers = await expect('a role', 'POST', '/api/v1/roles', {
    roleName: 'Demo reviewers',
    roleKey: 'demo-reviewers',
  });
  const users = [
    ['editor@demo.example.com', 'Eddie', 'Editor', editors.entity.id],
    ['reviewer@demo.example.com', 'Rita', 'Reviewer', reviewers.entity.id],
  ];
  // Editors write on the demo site (its types and content inherit it), reviewers publish; visitors read.
  await expect('permissions', 'PUT', `/api/v1/permissions/${site.entity.identifier}`, {
    permissions: [
      { roleId: editors.entity.id, permissions: ['READ', 'WRITE', 'CAN_ADD_CHILDREN'] },
      { roleId: reviewers.entity.id, permissions: ['READ', 'PUBLISH'] },
      { roleId: 'CMS Anonymous', permissions: ['READ'] },
      { roleId: 'CMS Owner', permissions: ['READ', 'WRITE', 'PUBLISH'] },
    ],
  });
  for (const [email, firstName, lastName, role] of users) {
    await expect('a user', 'POST', '/api/v1/users', {
      email,
      firstName,
      lastName,
      password: 'demo-password-2027',
      roles: [role],
    });
  }

  for (const type of TYPES) {
    await expect('a content type', 'POST', '/api/v1/contenttype', {
      clazz: 'SimpleContentType',
      name: type.name,
      variable: type.variable,
      description: type.description,
      host: DEMO_SITE,
    });
    await expect(
      'fields',
      'POST',
      `/api/v2/contenttype/${type.variable}/fields`,
      type.fields.map(([clazz, name, variable, required]) => ({ clazz, name, variable, required })),
    );
  }

  const steps = { published: 0, draft: 0, archived: 0 };
  for (const [contentType, items] of Object.entries(ITEMS)) {
    for (const [index, values] of items.entries()) {
      const created = await expect('an item', 'PUT', '/api/v1/workflow/actions/default/fire/NEW', {
        contentletFormData: { contentType, ...values },
      });
      const step = stepOf(index, items.length);
      const inode = created.entity.inode;
      if (step === 'published')
        await expect('publishing', 'PUT', `/api/v1/workflow/actions/default/fire/PUBLISH?inode=${inode}`);
      if (step === 'archived')
        await expect('archiving', 'PUT', `/api/v1/workflow/actions/default/fire/ARCHIVE?inode=${inode}`);
      steps[step]++;
    }
  }
  return { site: DEMO_SITE, contentTypes: TYPES.length, users: users.length, items: steps };
}
