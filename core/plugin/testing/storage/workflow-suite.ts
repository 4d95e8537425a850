import type { ActionletAssociation, DriverStorage, WorkflowAction, WorkflowScheme, WorkflowStep } from '../../kit.js';
import type { ContractTest } from '../contract-test.js';
import type { OpenStorage } from './open-storage.js';
import { englishAndType, identifierOfCt, role, user, versionOfId1 } from './fixtures.js';

const SCHEME = 'aaaaaaaa-0000-4000-8000-000000000001';
/** Two steps whose short ids (the first ten hex digits) differ in the last two. */
const STEP1 = 'bbbbbbbb-1000-4000-8000-000000000001';
const STEP2 = 'bbbbbbbb-1111-4000-8000-000000000002';

/** A plain scheme, as the suites store one. */
export const scheme = (id: string, name: string): WorkflowScheme => ({
  id,
  name,
  description: '',
  archived: false,
  mandatory: false,
  defaultScheme: false,
  entryActionId: null,
  system: false,
  creationDate: 1,
  modDate: 1,
});
const step = (id: string, name: string, myOrder: number, overrides: Partial<WorkflowStep> = {}): WorkflowStep => ({
  id,
  schemeId: SCHEME,
  name,
  myOrder,
  resolved: false,
  enableEscalation: false,
  escalationAction: null,
  escalationTime: 0,
  creationDate: 1,
  ...overrides,
});
const action = (id: string, name: string, order: number, overrides: Partial<WorkflowAction> = {}): WorkflowAction => ({
  id,
  schemeId: SCHEME,
  name,
  condition: '',
  nextStep: 'currentstep',
  nextAssign: '',
  icon: 'workflowIcon',
  roleHierarchyForAssign: false,
  assignable: false,
  commentable: false,
  order,
  owner: null,
  showOn: [],
  whoCanUse: [],
  ...overrides,
});
const actionlet = (id: string, actionId: string, order: number, parameters: Record<string, string>) =>
  ({ id, actionId, actionClass: 'com.x.Actionlet', name: id, order, parameters }) satisfies ActionletAssociation;

/**
 * Workflow definitions, tasks and the messages workflow leaves, as REST scenarios use them: what
 * they relied on running on every driver is asserted here, on each.
 */
export function workflowSuite(t: ContractTest, open: OpenStorage): void {
  t.test('workflow schemes, steps, actions and actionlets: ordered, attached, resolved by short id', async (t) => {
    const s = await open(t);
    await s.workflows.insertScheme(scheme(SCHEME, 'beta'));
    await s.workflows.insertScheme(scheme('aaaaaaaa-0000-4000-8000-000000000002', 'Alpha'));
    t.same(
      (await s.workflows.listSchemes()).map((x) => x.name),
      ['Alpha', 'beta'],
      'schemes by name, ignoring case',
    );
    await s.workflows.updateScheme({ ...scheme(SCHEME, 'Beta'), archived: true, description: 'd', modDate: 2 });
    t.same(await s.workflows.findScheme(SCHEME), {
      ...scheme(SCHEME, 'Beta'),
      archived: true,
      description: 'd',
      modDate: 2,
    });

    await s.workflows.insertStep(step(STEP2, 'Second', 2));
    await s.workflows.insertStep(step(STEP1, 'First', 1));
    t.same(
      (await s.workflows.listSteps(SCHEME)).map((x) => x.name),
      ['First', 'Second'],
      'steps by their order',
    );
    await s.workflows.updateStep(step(STEP2, 'Closed', 2, { resolved: true, escalationTime: 60 }));
    t.same(await s.workflows.findStep(STEP2), step(STEP2, 'Closed', 2, { resolved: true, escalationTime: 60 }));

    const a = action('cccccccc-0000-4000-8000-00000000000a', 'approve', 1, {
      showOn: ['LOCKED', 'UNLOCKED'],
      whoCanUse: ['role-1', 'role-2'],
      condition: '{"x":"ü ✓"}',
      owner: 'u',
      assignable: true,
    });
    const b = action('cccccccc-0000-4000-8000-00000000000b', 'Archive', 1);
    const c = action('cccccccc-0000-4000-8000-00000000000c', 'zap', 0);
    for (const x of [a, b, c]) await s.workflows.insertAction(x);
    t.same(await s.workflows.findAction(a.id), a, 'lists and text come back whole');
    t.same(
      (await s.workflows.listActions(SCHEME)).map((x) => x.name),
      ['zap', 'approve', 'Archive'],
      'actions by order, then name',
    );
    await s.workflows.updateAction({ ...a, showOn: [], whoCanUse: [], nextAssign: 'role-3' });
    t.same(await s.workflows.findAction(a.id), { ...a, showOn: [], whoCanUse: [], nextAssign: 'role-3' });

    await s.workflows.attachAction(STEP1, a.id);
    await s.workflows.attachAction(STEP1, b.id);
    await s.workflows.attachAction(STEP1, a.id);
    await s.workflows.attachAction(STEP2, a.id);
    t.same(
      (await s.workflows.listStepActions(STEP1)).map((x) => x.id),
      [a.id, b.id],
      'attached at the end, once',
    );
    await s.workflows.attachAction(STEP2, c.id, -1);
    t.same(
      (await s.workflows.listStepActions(STEP2)).map((x) => x.id),
      [c.id, a.id],
      'or at a position',
    );
    t.same(await s.workflows.stepsOfAction(a.id), [STEP1, STEP2]);
    await s.workflows.detachAction(STEP1, a.id);
    t.same(
      (await s.workflows.listStepActions(STEP1)).map((x) => x.id),
      [b.id],
    );
    t.same(await s.workflows.stepsOfAction(a.id), [STEP2]);

    await s.workflows.insertActionlet(actionlet('al-2', a.id, 2, { to: 'x@y.z', body: 'ü' }));
    await s.workflows.insertActionlet(actionlet('al-1', a.id, 1, {}));
    t.same(
      (await s.workflows.listActionlets(a.id)).map((x) => x.id),
      ['al-1', 'al-2'],
      'actionlets by order',
    );
    t.same(await s.workflows.findActionlet('al-2'), actionlet('al-2', a.id, 2, { to: 'x@y.z', body: 'ü' }));
    await s.workflows.deleteActionlet('al-2');
    t.equal(await s.workflows.findActionlet('al-2'), undefined);

    t.equal(await s.workflows.resolveId('scheme', SCHEME), SCHEME, 'a full id');
    t.equal(await s.workflows.resolveId('scheme', 'AAAAAAAA00'), undefined, 'two schemes share the short id');
    t.equal(await s.workflows.resolveId('action', 'CCCCCCCC00'), undefined, 'ambiguous: nothing, not a guess');
    t.equal(await s.workflows.resolveId('step', 'bbbbbbbb11'), STEP2, 'a short id, unambiguous');
    t.equal(await s.workflows.resolveId('step', 'bbbbbbbb'), undefined, 'not a short id: compared whole');
    t.equal(await s.workflows.resolveId('action', STEP1), undefined, 'of its own kind only');

    await s.workflows.deleteStep(STEP2);
    t.equal(await s.workflows.findStep(STEP2), undefined);
    t.same(await s.workflows.stepsOfAction(a.id), [], 'its attachments go with it');
    t.same(await s.workflows.stepsOfAction(c.id), []);
    await s.workflows.deleteScheme(SCHEME);
    t.same(await s.workflows.listSteps(SCHEME), []);
    t.same(await s.workflows.listActions(SCHEME), []);
    t.equal(await s.workflows.findActionlet('al-1'), undefined, 'actionlets go with the scheme');
    t.same(
      (await s.workflows.listSchemes()).map((x) => x.name),
      ['Alpha'],
    );
  });

  t.test('workflow tasks: searched by every filter, sorted, paged and counted; history; deleted', async (t) => {
    const s = await open(t);
    const languageId = await englishAndType(s);
    await s.workflows.insertScheme(scheme(SCHEME, 'S'));
    await s.workflows.insertStep(step(STEP1, 'Open', 1));
    await s.workflows.insertStep(step(STEP2, 'Done', 2, { resolved: true }));
    const titles: Record<string, string> = { i1: 'Zebra crossing', i2: 'apple pie', i3: 'Apple TART', i4: '100% ok' };
    for (const [identifier, title] of Object.entries(titles)) {
      await s.content.insertIdentifier(identifierOfCt(identifier));
      await s.content.insertVersion({ ...versionOfId1(`v-${identifier}`, languageId, {}), identifier, title });
      await s.content.putState({
        identifier,
        languageId,
        workingInode: `v-${identifier}`,
        liveInode: null,
        archived: false,
        lockedBy: null,
        lockedAt: null,
        modDate: 1,
      });
    }
    const task = (identifier: string, stepId: string, assignedTo: string | null, modDate: number) => ({
      identifier,
      languageId,
      schemeId: SCHEME,
      stepId,
      assignedTo,
      createdBy: identifier === 'i1' ? 'creator' : 'other',
      creationDate: 10 - modDate,
      modDate,
    });
    await s.tasks.put(task('i1', STEP1, 'role-a', 4));
    await s.tasks.put(task('i2', STEP2, 'user-b', 1));
    await s.tasks.put(task('i3', STEP1, null, 3));
    await s.tasks.put(task('i4', STEP1, 'role-a', 2));
    // A task with no content version behind it: an empty title.
    await s.tasks.put({ ...task('i5', 'gone-step', 'role-a', 5) });
    const search = async (query: Partial<Parameters<DriverStorage['tasks']['search']>[0]> = {}) => {
      const page = await s.tasks.search({
        offset: 0,
        limit: 10,
        sort: { column: 'modDate', descending: false },
        ...query,
      });
      return { ids: page.items.map((x) => x.identifier), total: page.total };
    };
    t.same(await search(), { ids: ['i2', 'i4', 'i3', 'i1', 'i5'], total: 5 });
    t.same(await search({ sort: { column: 'modDate', descending: true } }), {
      ids: ['i5', 'i1', 'i3', 'i4', 'i2'],
      total: 5,
    });
    t.same(
      await search({ sort: { column: 'title', descending: false } }),
      { ids: ['i5', 'i4', 'i2', 'i3', 'i1'], total: 5 },
      'by title ignoring case; no title first',
    );
    t.same(
      (await s.tasks.search({ offset: 0, limit: 10, sort: { column: 'title', descending: false } })).items.map(
        (x) => x.title,
      ),
      ['', '100% ok', 'apple pie', 'Apple TART', 'Zebra crossing'],
    );
    t.same(await search({ keywords: ' APPLE ' }), { ids: ['i2', 'i3'], total: 2 }, 'keywords ignore case');
    t.same(await search({ keywords: '0%' }), { ids: ['i4'], total: 1 }, 'a % in keywords is no wildcard');
    t.same(await search({ keywords: 'p_e' }), { ids: [], total: 0 }, 'nor is _');
    t.same(await search({ assignedTo: ['role-a', 'user-b'] }), { ids: ['i2', 'i4', 'i1', 'i5'], total: 4 });
    t.same(await search({ assignedTo: [] }), { ids: [], total: 0 }, 'an empty list matches none');
    t.same(await search({ modifiedSince: 3 }), { ids: ['i3', 'i1', 'i5'], total: 3 });
    t.same(await search({ schemeId: SCHEME, stepId: STEP1 }), { ids: ['i4', 'i3', 'i1'], total: 3 });
    t.same(await search({ createdBy: 'creator' }), { ids: ['i1'], total: 1 });
    t.same(await search({ resolved: true }), { ids: ['i2'], total: 1 });
    t.same(await search({ resolved: false }), { ids: ['i4', 'i3', 'i1', 'i5'], total: 4 }, 'a lost step is open');
    t.same(await search({ offset: 1, limit: 2 }), { ids: ['i4', 'i3'], total: 5 }, 'a page counts every match');
    t.same(await search({ offset: 9, limit: 2 }), { ids: [], total: 5 }, 'past the end too');
    t.same(await search({ offset: 9, limit: 2, createdBy: 'nobody' }), { ids: [], total: 0 });

    t.equal(await s.tasks.anyInStep(STEP2), true);
    t.equal(await s.tasks.anyInStep('no-step'), false);
    for (const [id, createdAt, kind] of [
      ['h2', 20, 'comment'],
      ['h1', 10, 'action'],
    ] as const)
      await s.tasks.addHistory({
        id,
        identifier: 'i2',
        languageId,
        kind,
        text: `${kind} ✓`,
        actionId: kind === 'action' ? 'act' : null,
        fromStepId: kind === 'action' ? STEP1 : null,
        toStepId: kind === 'action' ? STEP2 : null,
        userId: 'u',
        createdAt,
      });
    t.same(
      (await s.tasks.listHistory('i2')).map((h) => [h.id, h.kind, h.text, h.actionId, h.toStepId]),
      [
        ['h1', 'action', 'action ✓', 'act', STEP2],
        ['h2', 'comment', 'comment ✓', null, null],
      ],
      'oldest first',
    );
    await s.tasks.delete('i2', languageId + 1);
    t.ok(await s.tasks.find('i2', languageId), 'another language: nothing removed');
    await s.tasks.delete('i2');
    t.equal(await s.tasks.find('i2', languageId), undefined);
    t.same(await s.tasks.listHistory('i2'), [], 'the history goes with the task');
    t.equal(await s.tasks.anyInStep(STEP2), false);
  });

  t.test('user messages: newest first, paged and counted, unread counted, gone with their user', async (t) => {
    const s = await open(t);
    await s.roles.insert(role('r1'));
    await s.users.insert(user('u1', 'u1@x.com', 'r1'));
    await s.users.insert(user('u2', 'u2@x.com', 'r1'));
    for (const [id, userId, createdAt] of [
      ['m1', 'u1', 10],
      ['m2', 'u1', 30],
      ['m3', 'u1', 20],
      ['m4', 'u2', 40],
    ] as const)
      await s.userMessages.insert({
        id,
        userId,
        text: `text ${id} ✓`,
        fromUserId: 'u2',
        identifier: null,
        createdAt,
        readAt: null,
      });
    const page = await s.userMessages.listByUser('u1', { offset: 1, limit: 1 });
    t.same(
      page.items.map((m) => m.id),
      ['m3'],
    );
    t.equal(page.total, 3);
    t.same(
      (await s.userMessages.listByUser('u1', { offset: 0, limit: 10 })).items.map((m) => m.id),
      ['m2', 'm3', 'm1'],
    );
    t.same(await s.userMessages.listByUser('u1', { offset: 5, limit: 10 }), { items: [], total: 3 });
    t.equal(await s.userMessages.countUnread('u1'), 3);
    await s.userMessages.markRead('m2', 50);
    t.equal(await s.userMessages.countUnread('u1'), 2);
    t.same(await s.userMessages.find('m2'), {
      id: 'm2',
      userId: 'u1',
      text: 'text m2 ✓',
      fromUserId: 'u2',
      identifier: null,
      createdAt: 30,
      readAt: 50,
    });
    await s.userMessages.delete('m1');
    t.equal((await s.userMessages.listByUser('u1', { offset: 0, limit: 10 })).total, 2);
    t.equal(await s.userMessages.countUnread('nobody'), 0);
  });
}
