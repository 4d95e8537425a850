import type { WorkflowAction } from '../../kit.js';
import type { ContractTest } from '../contract-test.js';
import type { OpenStorage } from './open-storage.js';
import { definitionType } from './fixtures.js';
import { scheme } from './workflow-suite.js';

/** Workflow system action mappings. */
export function systemActionSuite(t: ContractTest, open: OpenStorage): void {
  t.test('system action mappings: one per owner and verb, gone with their action or owner', async (t) => {
    const s = await open(t);
    await s.workflows.insertScheme(scheme('sch', 'S'));
    const action = (id: string): WorkflowAction => ({
      id,
      schemeId: 'sch',
      name: id,
      condition: '',
      nextStep: 'currentstep',
      nextAssign: '',
      icon: 'workflowIcon',
      roleHierarchyForAssign: false,
      assignable: false,
      commentable: false,
      order: 0,
      owner: null,
      showOn: [],
      whoCanUse: [],
    });
    await s.workflows.insertAction(action('a1'));
    await s.workflows.insertAction(action('a2'));
    await s.contentTypes.insert({ ...definitionType('ct'), workflows: ['sch'] });
    await s.workflows.putSystemAction({
      id: 'm1',
      systemAction: 'PUBLISH',
      actionId: 'a1',
      ownerKind: 'scheme',
      ownerId: 'sch',
    });
    await s.workflows.putSystemAction({
      id: 'm2',
      systemAction: 'NEW',
      actionId: 'a1',
      ownerKind: 'scheme',
      ownerId: 'sch',
    });
    await s.workflows.putSystemAction({
      id: 'm3',
      systemAction: 'NEW',
      actionId: 'a2',
      ownerKind: 'contentType',
      ownerId: 'ct',
    });
    t.same(
      (await s.workflows.listSystemActions('scheme', 'sch')).map((m) => m.id),
      ['m2', 'm1'],
      'in verb order',
    );
    await s.workflows.putSystemAction({
      id: 'm4',
      systemAction: 'PUBLISH',
      actionId: 'a2',
      ownerKind: 'scheme',
      ownerId: 'sch',
    });
    t.same(
      (await s.workflows.listSystemActions('scheme', 'sch')).map((m) => [m.id, m.actionId]),
      [
        ['m2', 'a1'],
        ['m4', 'a2'],
      ],
      'a verb mapped again replaces its mapping',
    );
    t.same(await s.workflows.findSystemAction('m3'), {
      id: 'm3',
      systemAction: 'NEW',
      actionId: 'a2',
      ownerKind: 'contentType',
      ownerId: 'ct',
    });
    t.same(
      (await s.workflows.listSystemActionsOfAction('a2')).map((m) => m.id),
      ['m3', 'm4'],
    );
    await s.contentTypes.delete('ct');
    t.equal(await s.workflows.findSystemAction('m3'), undefined, 'gone with the content type');
    await s.workflows.deleteAction('a1');
    t.same(
      (await s.workflows.listSystemActions('scheme', 'sch')).map((m) => m.id),
      ['m4'],
      'gone with the action',
    );
    await s.workflows.deleteSystemAction('m4');
    t.same(await s.workflows.listSystemActionsOfAction('a2'), []);
    await s.workflows.putSystemAction({
      id: 'm5',
      systemAction: 'EDIT',
      actionId: 'a2',
      ownerKind: 'scheme',
      ownerId: 'sch',
    });
    await s.workflows.deleteScheme('sch');
    t.equal(await s.workflows.findSystemAction('m5'), undefined, 'gone with the scheme');
  });
}
