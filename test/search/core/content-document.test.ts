import t from 'tap';
import { indexedPermissions } from '../../../core/auth/indexed-permissions.js';
import type { ContentType } from '../../../core/model/content-type.js';
import type { ContentIdentifier, ContentState, ContentVersion } from '../../../core/model/contentlet.js';
import type { Field } from '../../../core/model/field.js';
import { PERMISSION_BITS } from '../../../core/model/permission.js';
import { canonicalFieldClassName, type FieldType } from '../../../core/plugin/field-type.js';
import {
  contentDocument,
  documentId,
  NOT_ASSIGNED_STEP,
  type ContentDocumentInput,
} from '../../../core/search/content-document.js';
import { formatIndexDate } from '../../../core/search/index-date.js';
import { builtinFieldTypes } from '../../../plugins/field-types/index.js';

const registry = new Map<string, FieldType>(builtinFieldTypes.map((ft) => [ft.className, ft]));
const typeOf = (field: Field) => registry.get(field.clazz);

const ID = '6f1a0c3e-1111-4a4a-9b9b-0123456789ab';
const WORKING = 'aaaaaaaa-0000-4000-8000-000000000001';
const LIVE = 'aaaaaaaa-0000-4000-8000-000000000002';
const MOD = Date.UTC(2024, 2, 5, 14, 7, 9, 321);
const OWNER_ROLE = 'owner-role';

function field(variable: string, simpleClass: string, overrides: Partial<Field> = {}): Field {
  return {
    id: `f-${variable}`,
    contentTypeId: 'type-1',
    clazz: canonicalFieldClassName(`${simpleClass}Field`),
    name: variable,
    variable,
    dataType: registry.get(canonicalFieldClassName(`${simpleClass}Field`))?.dataType ?? 'TEXT',
    sortOrder: 0,
    regexCheck: null,
    defaultValue: null,
    hint: null,
    values: null,
    required: false,
    searchable: true,
    indexed: true,
    listed: false,
    unique: false,
    readOnly: false,
    fixed: false,
    relationType: null,
    fieldVariables: [],
    modDate: 0,
    iDate: 0,
    ...overrides,
  };
}

const type: ContentType = {
  id: 'type-1',
  clazz: 'com.cms.contenttype.model.type.ImmutableSimpleContentType',
  baseType: 'CONTENT',
  name: 'Blog Post',
  description: '',
  variable: 'BlogPost',
  host: 'SYSTEM_HOST',
  folder: 'SYSTEM_FOLDER',
  owner: 'system',
  defaultType: false,
  fixed: false,
  system: false,
  versionable: true,
  multilingualable: true,
  icon: '',
  sortOrder: 0,
  workflows: ['scheme-1'],
  modDate: 0,
  iDate: 0,
};

const fields: Field[] = [
  field('headLine', 'Text'),
  field('viewCount', 'Text', { dataType: 'INTEGER' }),
  field('rating', 'Text', { dataType: 'FLOAT' }),
  field('body', 'Wysiwyg'),
  field('publishDate', 'DateTime'),
  field('topics', 'Tag'),
  field('kind', 'Constant', { values: 'Editorial' }),
  field('secret', 'Text', { indexed: false }),
  field('empty', 'Text'),
  field('row1', 'Row'),
];

const identifier: ContentIdentifier = {
  identifier: ID,
  contentTypeId: 'type-1',
  host: 'site-1',
  folder: 'SYSTEM_FOLDER',
  parentPath: '/blog/',
  assetName: 'Spring-Sale',
  owner: 'user-owner',
  createdAt: Date.UTC(2024, 0, 1),
};

function version(inode: string, values: Record<string, unknown> = {}): ContentVersion {
  return {
    inode,
    identifier: ID,
    languageId: 2,
    title: 'Spring Sale',
    modUser: 'User-Editor',
    modDate: MOD,
    sortOrder: 0,
    values: {
      headLine: 'Spring Sale NOW',
      viewCount: 42,
      rating: 4.5,
      body: '<p>Great Deals</p>',
      publishDate: Date.UTC(2024, 2, 1, 8, 0, 0),
      topics: ['Sales', 'Spring'],
      secret: 'hidden words',
      ...values,
    },
  };
}

function state(overrides: Partial<ContentState> = {}): ContentState {
  return {
    identifier: ID,
    languageId: 2,
    workingInode: WORKING,
    liveInode: null,
    archived: false,
    lockedBy: null,
    lockedAt: null,
    modDate: MOD,
    ...overrides,
  };
}

function input(overrides: Partial<ContentDocumentInput> = {}): ContentDocumentInput {
  return {
    version: version(WORKING),
    state: state(),
    identifier,
    type,
    fields,
    typeOf,
    workflow: {
      kind: 'task',
      schemeId: 'scheme-1',
      stepId: 'step-2',
      stepName: 'Review',
      createdBy: 'user-owner',
      assignedTo: null,
      modDate: MOD,
    },
    permissions: indexedPermissions(new Map([['role-A', PERMISSION_BITS.READ]]), OWNER_ROLE),
    slot: 'working',
    siteName: 'Demo.Example.com',
    ...overrides,
  };
}

t.test('system members: the original names in lower case, values in the original formats', async (t) => {
  const doc = contentDocument(input());
  t.equal(doc.id, `${ID}_2_working`);
  t.match(doc, {
    identifier: ID,
    inode: WORKING,
    shortid: ID.replace(/-/g, ''),
    shortinode: WORKING.replace(/-/g, ''),
    type: 'content',
    contenttype: 'blogpost',
    structurename: 'blogpost',
    basetype: 1,
    structuretype: 1,
    systemtype: false,
    title: 'spring sale',
    languageid: 2,
    variant: 'default',
    owner: 'user-owner',
    moduser: 'user-editor',
    moddate: '2024-03-05T14:07:09',
    creationdate: '2024-01-01T00:00:00',
    versionts: '2024-03-05T14:07:09',
    conhost: 'site-1',
    conhostname: 'demo.example.com',
    confolder: 'system_folder',
    parentpath: '/blog/',
    path: '/blog/spring-sale',
    wfscheme: 'scheme-1',
    wfstep: 'step-2',
    wfcurrentstepname: 'review',
    wfcreatedby: 'user-owner',
    wfmoddate: '2024-03-05T14:07:09',
  });
  t.notOk('wfassign' in doc, 'an unassigned task has no wfassign');
  for (const name of Object.keys(doc)) t.equal(name, name.toLowerCase(), `${name} is lower case`);
  t.equal(doc.title_dotraw, 'spring sale', 'text members have an exact twin');
  t.notOk('moddate_dotraw' in doc, 'dates have none');
});

t.test("a page's URL is a member of its type", async (t) => {
  const doc = contentDocument(input({ type: { ...type, baseType: 'HTMLPAGE' } }));
  t.equal(doc['blogpost.url'], 'spring-sale');
  t.notOk('blogpost.url' in contentDocument(input()), 'only for pages');
});

t.test('base types are numbered as in the original', async (t) => {
  t.equal(contentDocument(input({ type: { ...type, baseType: 'FILEASSET' } })).basetype, 4);
  t.equal(contentDocument(input({ type: { ...type, baseType: 'DOTASSET' } })).basetype, 9);
});

t.test('field members: <type>.<field>, typed by the field type plugin', async (t) => {
  const doc = contentDocument(input());
  t.equal(doc['blogpost.headline'], 'spring sale now');
  t.equal(doc['blogpost.headline_dotraw'], 'spring sale now');
  t.equal(doc['blogpost.viewcount'], 42, 'INTEGER stays a number');
  t.equal(doc['blogpost.rating'], 4.5, 'FLOAT stays a number');
  t.equal(doc['blogpost.body'], '<p>great deals</p>');
  t.equal(doc['blogpost.publishdate'], '2024-03-01T08:00:00', 'a date in the index date format');
  t.same(doc['blogpost.topics'], ['sales', 'spring'], 'a list stays a list');
  t.equal(doc['blogpost.kind'], 'editorial', "a constant's value comes from the field");
  t.equal(
    doc['blogpost.secret'],
    'hidden words',
    'a field not marked indexed is indexed all the same (the flag is for the back office)',
  );
  t.notOk('blogpost.empty' in doc, 'a field without a value is left out');
  t.notOk('blogpost.row1' in doc, 'layout fields hold nothing');
});

t.test('a field type without a plugin, or mapped none, is left out', async (t) => {
  const unknown = field('mystery', 'com.acme.Unknown');
  const noneType: FieldType = {
    ...registry.get(canonicalFieldClassName('TextField'))!,
    searchMapping: () => ({ type: 'none' }),
  };
  const doc = contentDocument(
    input({
      fields: [unknown, field('plain', 'Text')],
      typeOf: (f) => (f.variable === 'plain' ? noneType : typeOf(f)),
      version: version(WORKING, { mystery: 'x', plain: 'y' }),
    }),
  );
  t.notOk('blogpost.mystery' in doc);
  t.notOk('blogpost.plain' in doc);
});

t.test('a number that is not one is left out rather than indexed as text', async (t) => {
  const doc = contentDocument(input({ version: version(WORKING, { viewCount: 'many' }) }));
  t.notOk('blogpost.viewcount' in doc);
});

t.test('catchall: every text value of the item, lower case', async (t) => {
  const catchall = contentDocument(input()).catchall as string;
  for (const word of ['spring sale now', '<p>great deals</p>', 'sales', 'spring', 'editorial', 'blogpost', 'review'])
    t.ok(catchall.includes(word), `holds ${word}`);
  t.ok(catchall.includes('hidden words'), 'the values of fields not marked indexed too');
  t.notOk(catchall.includes('2024-03-05'), 'not dates');
  t.notOk(catchall.includes('role-a'), 'not permission data');
});

t.test('state: working, live, archived, locked', async (t) => {
  const both = contentDocument(input({ state: state({ liveInode: WORKING }) }));
  t.match(both, { live: true, working: true, deleted: false, locked: false });

  const olderLive = contentDocument(input({ version: version(LIVE), state: state({ liveInode: LIVE }), slot: 'live' }));
  t.match(olderLive, { id: `${ID}_2_live`, inode: LIVE, live: true, working: false });

  const draft = contentDocument(input({ state: state({ liveInode: LIVE }) }));
  t.match(draft, { live: false, working: true });

  t.match(contentDocument(input({ state: state({ archived: true }) })), { deleted: true, live: false });
  t.match(contentDocument(input({ state: state({ lockedBy: 'u', lockedAt: 1 }) })), { locked: true });
});

t.test('workflow: no task yet indexes the schemes of the type and their first steps', async (t) => {
  const doc = contentDocument(
    input({
      workflow: {
        kind: 'none',
        schemes: [
          { schemeId: 'scheme-1', firstStepId: 'step-1' },
          { schemeId: 'scheme-2', firstStepId: 'step-9' },
          { schemeId: 'empty-scheme', firstStepId: undefined },
        ],
      },
    }),
  );
  t.equal(doc.wfscheme, 'scheme-1 scheme-2');
  t.same(doc.wfstep, ['step-1', 'step-9']);
  t.equal(doc.wfcurrentstepname, NOT_ASSIGNED_STEP);
  t.notOk('wfmoddate' in doc);
});

t.test('an assigned task names its assignee', async (t) => {
  const doc = contentDocument(
    input({
      workflow: {
        kind: 'task',
        schemeId: 's',
        stepId: 'st',
        stepName: 'Draft',
        createdBy: 'a',
        assignedTo: 'Role-X',
        modDate: MOD,
      },
    }),
  );
  t.equal(doc.wfassign, 'role-x');
});

t.test('permission data: roles that READ, and what the owner may do', async (t) => {
  const grants = new Map([
    ['role-b', PERMISSION_BITS.READ | PERMISSION_BITS.WRITE],
    ['role-a', PERMISSION_BITS.READ],
    ['writer-only', PERMISSION_BITS.WRITE],
    [OWNER_ROLE, PERMISSION_BITS.READ | PERMISSION_BITS.WRITE],
  ]);
  const permissions = indexedPermissions(grants, OWNER_ROLE);
  t.same(permissions, {
    readers: ['role-a', 'role-b'],
    ownerCanRead: true,
    ownerCanWrite: true,
    ownerCanPublish: false,
  });
  const doc = contentDocument(input({ permissions }));
  t.same(doc.permissions, ['role-a', 'role-b']);
  t.match(doc, { ownercanread: true, ownercanwrite: true, ownercanpublish: false });

  const none = indexedPermissions(new Map(), OWNER_ROLE);
  t.same(none, { readers: [], ownerCanRead: false, ownerCanWrite: false, ownerCanPublish: false });
});

t.test('content without a path has none', async (t) => {
  const doc = contentDocument(input({ identifier: { ...identifier, assetName: null } }));
  t.notOk('path' in doc);
  t.equal(doc.parentpath, '/blog/');
});

t.test('document ids and dates', async (t) => {
  t.equal(documentId('x', 1, 'live'), 'x_1_live');
  t.equal(formatIndexDate(0), '1970-01-01T00:00:00');
  t.equal(formatIndexDate('2024-03-01T08:00:00.000Z'), '2024-03-01T08:00:00');
  t.equal(formatIndexDate('not a date'), undefined);
  t.equal(formatIndexDate({}), undefined);
});
