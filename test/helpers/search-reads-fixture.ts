import { SEED_IDS } from '../../core/setup/seed-installation.js';
import type { TestApp } from './test-app.js';

const PASSWORD = 'a-long-user-password-1';

/** One content item of the fixture and its versions (a version's word is unique to it). */
export interface FixtureItem {
  key: string;
  identifier: string;
  workingInode: string;
  liveInode: string | null;
  archived: boolean;
  /** The word of each version's title, by inode. */
  words: Map<string, string>;
}

/** A caller: `headers` empty for anonymous callers; `backEnd` as the search rules read it. */
export interface Caller {
  name: string;
  headers: Record<string, string>;
  backEnd: boolean;
  anonymous: boolean;
}

export interface SearchReadsFixture {
  items: FixtureItem[];
  hub: string;
  callers: Caller[];
  /** Published pages on the menus, by their href. */
  pages: Map<string, string>;
  owner: Caller;
}

const word = (key: string, version: string) => `q${key}${version}`;

/**
 * Items in several states (live, working-only draft, published then changed, archived) in folders
 * with different grants, some owned by a user, and callers with different grants:
 * - `/open` inherits the installation's grants (READ for `CMS Anonymous`, READ, WRITE and PUBLISH for
 *   `CMS Owner`); `/team` READ for the Team role alone; `/mine` READ for `CMS Owner` (its items are
 *   the owner's) and CAN_ADD_CHILDREN for Authors; `/closed` no grants (administrators only).
 * - callers: anonymous, a user with no roles, a Team member (front-end and back-end), the owner
 *   (Authors, back-end), a back-end user with no other role, the administrator.
 * Every grant is made before any content, and every change is indexed before its answer.
 */
export async function searchReadsFixture(s: TestApp): Promise<SearchReadsFixture> {
  const admin = s.basicAuth();
  const call = async (method: string, path: string, body: unknown, headers = admin) => {
    const answer = await s.http(method, path, { headers, body });
    if (answer.status !== 200) throw new Error(`${method} ${path}: ${answer.status} ${answer.text}`);
    return answer.json.entity;
  };
  const role = async (roleName: string) => (await call('POST', '/api/v1/roles', { roleName })).id as string;
  const user = async (email: string, roles: string[]) => {
    await call('POST', '/api/v1/users', { email, firstName: 'U', lastName: 'U', password: PASSWORD, roles });
    return s.basicAuth(email, PASSWORD);
  };
  const grant = (assetId: string, permissions: Array<{ roleId: string; permissions: string[] }>) =>
    call('PUT', `/api/v1/permissions/${assetId}`, { permissions });
  const folder = async (path: string) =>
    (await call('POST', '/api/v1/assets/folders', { assetPath: `//default${path}`, data: { showOnMenu: true } }))
      .identifier as string;

  const team = await role('Team');
  const authors = await role('Authors');
  const backend = SEED_IDS.backendUserRole;
  const callers: Caller[] = [
    { name: 'anonymous', headers: {}, backEnd: false, anonymous: true },
    { name: 'a user with no roles', headers: await user('none@x.com', []), backEnd: false, anonymous: false },
    { name: 'a front-end Team member', headers: await user('team@x.com', [team]), backEnd: false, anonymous: false },
    {
      name: 'a back-end Team member',
      headers: await user('team-back@x.com', [team, backend]),
      backEnd: true,
      anonymous: false,
    },
    {
      name: 'the owner',
      headers: await user('owner@x.com', [authors, backend]),
      backEnd: true,
      anonymous: false,
    },
    { name: 'a back-end user', headers: await user('back@x.com', [backend]), backEnd: true, anonymous: false },
    { name: 'the administrator', headers: admin, backEnd: true, anonymous: false },
  ];
  const owner = callers.find((c) => c.name === 'the owner')!;

  for (const variable of ['Leak', 'Hub']) {
    const type = await call('POST', '/api/v1/contenttype', { clazz: 'SimpleContentType', name: variable, variable });
    const id = (Array.isArray(type) ? type[0] : type).id as string;
    // WRITE alone: a type's own grants join its items', and READ must come from the folders only.
    await grant(id, [{ roleId: authors, permissions: ['WRITE'] }]);
  }
  await call('POST', '/api/v2/contenttype/Leak/fields', [
    { clazz: 'TextField', name: 'title', variable: 'title' },
    { clazz: 'HostFolderField', name: 'Site or Folder', variable: 'hostFolder' },
  ]);
  await call('POST', '/api/v2/contenttype/Hub/fields', [
    { clazz: 'TextField', name: 'title', variable: 'title' },
    { clazz: 'HostFolderField', name: 'Site or Folder', variable: 'hostFolder' },
    { clazz: 'RelationshipField', name: 'items', variable: 'items', relationType: 'Leak', values: '1' },
  ]);
  await folder('/open');
  await grant(await folder('/team'), [{ roleId: team, permissions: ['READ'] }]);
  await grant(await folder('/mine'), [
    { roleId: SEED_IDS.ownerRole, permissions: ['READ', 'WRITE', 'PUBLISH'] },
    { roleId: authors, permissions: ['CAN_ADD_CHILDREN'] },
  ]);
  await grant(await folder('/closed'), []);

  const fire = async (verb: string, form: Record<string, unknown>, headers = admin) =>
    (await call(
      'PUT',
      `/api/v1/workflow/actions/default/fire/${verb}?indexPolicy=WAIT_FOR`,
      {
        contentletFormData: form,
      },
      headers,
    )) as { identifier: string; inode: string };
  /** The item's versions as stored now: each slot's inode, and each version's word (its title's last). */
  const versions = async (identifier: string) => {
    const words = new Map<string, string>();
    const inodes: Record<'live' | 'working', string | null> = { live: null, working: null };
    for (const slot of ['live', 'working'] as const) {
      const read = await s.http('GET', `/api/v1/content/${identifier}?live=${slot === 'live'}`, { headers: admin });
      if (read.status !== 200) continue;
      const { inode, title } = read.json.entity as { inode: string; title: string };
      inodes[slot] = inode;
      words.set(inode, title.split(' ').pop()!);
    }
    return { workingInode: inodes.working!, liveInode: inodes.live, words };
  };
  const items: FixtureItem[] = [];
  const item = async (
    key: string,
    folderPath: string,
    state: 'live' | 'draft' | 'changed' | 'archived',
    headers = admin,
  ) => {
    const form = { contentType: 'Leak', hostFolder: `default:${folderPath}` };
    const made = await fire(
      'NEW',
      { ...form, title: `leakcheck ${word(key, state === 'changed' ? 'l' : 'w')}` },
      headers,
    );
    if (state === 'live' || state === 'changed') await fire('PUBLISH', { identifier: made.identifier });
    if (state === 'changed') await fire('EDIT', { identifier: made.identifier, title: `leakcheck ${word(key, 'w')}` });
    if (state === 'archived') await fire('ARCHIVE', { identifier: made.identifier });
    items.push({
      key,
      identifier: made.identifier,
      archived: state === 'archived',
      ...(await versions(made.identifier)),
    });
  };
  await item('openlive', '/open', 'live');
  await item('opendraft', '/open', 'draft');
  await item('openchanged', '/open', 'changed');
  await item('openarchived', '/open', 'archived');
  await item('teamlive', '/team', 'live');
  await item('teamdraft', '/team', 'draft');
  await item('teamchanged', '/team', 'changed');
  await item('minedraft', '/mine', 'draft', owner.headers);
  await item('minelive', '/mine', 'live', owner.headers);
  await item('closedlive', '/closed', 'live');
  await item('closeddraft', '/closed', 'draft');

  const hub = await fire('NEW', {
    contentType: 'Hub',
    hostFolder: 'default:/open',
    title: 'hub',
    items: items.map((i) => i.identifier).join(','),
  });
  await fire('PUBLISH', { identifier: hub.identifier });

  const pages = new Map<string, string>();
  for (const [path, publish] of [
    ['/open/open-page', true],
    ['/open/open-draft-page', false],
    ['/team/team-page', true],
    ['/closed/closed-page', true],
  ] as const) {
    const at = path.lastIndexOf('/');
    const made = await fire('NEW', {
      contentType: 'htmlpageasset',
      hostFolder: `default:${path.slice(0, at)}`,
      url: path.slice(at + 1),
      title: path.slice(at + 1),
      showOnMenu: 'true',
    });
    if (publish) await fire('PUBLISH', { identifier: made.identifier });
    pages.set(path, made.identifier);
  }
  return { items, hub: hub.identifier, callers, pages, owner };
}
