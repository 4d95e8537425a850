import { randomUUID } from 'node:crypto';
import { SYSTEM_WORKFLOW_ID } from '../model/content-type.js';
import {
  CURRENT_STEP,
  type ShowOn,
  type SystemActionName,
  type WorkflowAction,
  type WorkflowStep,
} from '../model/workflow.js';
import type { Repositories } from '../plugin/storage/index.js';

const ACTIONLET = 'com.cms.portlets.workflows.actionlet.';

/** The built-in System Workflow, with the fixed identifiers clients of the original rely on. */
export const SYSTEM_STEPS = {
  new: { id: '6cb7e3bd-1710-4eed-8838-d3db60f78f19', name: 'New', resolved: false },
  draft: { id: 'ee24a4cb-2d15-4c98-b1bd-6327126451f3', name: 'Draft', resolved: false },
  published: { id: 'dc3c9cd0-8467-404b-bf95-cb7df3fbc293', name: 'Published', resolved: true },
  archived: { id: 'd6b095b6-b65f-4bdb-bbfd-701d663dfee2', name: 'Archived', resolved: true },
} as const;

type StepKey = keyof typeof SYSTEM_STEPS;

interface SystemAction {
  id: string;
  name: string;
  next: StepKey | typeof CURRENT_STEP;
  showOn: ShowOn[];
  actionlets: Array<[string, string]>;
}

export const SYSTEM_ACTIONS = {
  save: {
    id: 'ceca71a0-deee-4999-bd47-b01baa1bcfc8',
    name: 'Save',
    next: 'draft',
    showOn: ['EDITING', 'LOCKED', 'NEW', 'UNLOCKED', 'UNPUBLISHED', 'PUBLISHED', 'LISTING'],
    actionlets: [
      ['SaveContentAsDraftActionlet', 'Save Draft content'],
      ['CheckinContentActionlet', 'Unlock content'],
    ],
  },
  publish: {
    id: 'b9d89c80-3d88-4311-8365-187323c96436',
    name: 'Publish',
    next: 'published',
    showOn: ['EDITING', 'LOCKED', 'NEW', 'UNLOCKED', 'UNPUBLISHED', 'PUBLISHED', 'LISTING'],
    actionlets: [
      ['SaveContentActionlet', 'Save content'],
      ['PublishContentActionlet', 'Publish content'],
      ['CheckinContentActionlet', 'Unlock content'],
    ],
  },
  unpublish: {
    id: '38efc763-d78f-4e4b-b092-59cd8c579b93',
    name: 'Unpublish',
    next: 'draft',
    showOn: ['EDITING', 'LOCKED', 'UNLOCKED', 'PUBLISHED', 'LISTING'],
    actionlets: [['UnpublishContentActionlet', 'Unpublish content']],
  },
  archive: {
    id: '4da13a42-5d59-480c-ad8f-94a3adf809fe',
    name: 'Archive',
    next: 'archived',
    showOn: ['LOCKED', 'UNLOCKED', 'UNPUBLISHED', 'LISTING'],
    actionlets: [
      ['ArchiveContentActionlet', 'Archive content'],
      ['CheckinContentActionlet', 'Unlock content'],
    ],
  },
  unarchive: {
    id: 'c92f9aa1-9503-4567-ac30-d3242b54d02d',
    name: 'Unarchive',
    next: 'draft',
    showOn: ['ARCHIVED', 'LOCKED', 'UNLOCKED', 'LISTING'],
    actionlets: [['UnarchiveContentActionlet', 'Unarchive content']],
  },
  delete: {
    id: '777f1c6b-c877-4a37-ba4b-10627316c2cc',
    name: 'Delete',
    next: 'archived',
    showOn: ['ARCHIVED', 'LOCKED', 'UNLOCKED', 'LISTING'],
    actionlets: [['DeleteContentActionlet', 'Delete content']],
  },
  destroy: {
    id: '1e0f1c6b-b67f-4c99-983d-db2b4bfa88b2',
    name: 'Destroy',
    next: 'archived',
    showOn: ['ARCHIVED', 'LOCKED', 'UNLOCKED', 'PUBLISHED', 'UNPUBLISHED', 'LISTING'],
    actionlets: [['DestroyContentActionlet', 'Destroy content']],
  },
  copy: {
    id: '963f6a04-5320-42e7-ab74-6d876d199946',
    name: 'Copy',
    next: CURRENT_STEP,
    showOn: ['LOCKED', 'UNLOCKED', 'PUBLISHED', 'UNPUBLISHED', 'LISTING'],
    actionlets: [['CopyActionlet', 'Copy Contentlet']],
  },
} satisfies Record<string, SystemAction>;

/** The System Workflow's system actions, with fixed ids so that every process seeds the same rows. */
const SYSTEM_ACTION_MAPPINGS: Array<[SystemActionName, keyof typeof SYSTEM_ACTIONS, string]> = [
  ['NEW', 'save', 'cc0e93e8-f649-48f0-89d4-1d232c7e670f'],
  ['EDIT', 'save', 'e0a348ef-fd19-420c-8552-1017ad97f3a2'],
  ['PUBLISH', 'publish', 'a6c0ce25-edc1-4169-b59e-4193b17ca411'],
  ['UNPUBLISH', 'unpublish', 'a55ecd1b-d14f-48fc-9e13-bb61aee80134'],
  ['ARCHIVE', 'archive', 'df74ae81-2158-41a9-97bc-f10d9356a917'],
  ['UNARCHIVE', 'unarchive', 'd9a5a2bb-a8b8-415a-a3bb-e56afe9187f5'],
  ['DELETE', 'delete', 'c460d5fd-48d7-4030-9a84-2b631b5faa9b'],
  ['DESTROY', 'destroy', '677085cb-fcb3-4385-b678-b4cb216fe447'],
];

/** Marks that the mappings were seeded once: an administrator who removes one later does not see it come back. */
const MAPPINGS_SEEDED = 'seed.system-action-mappings';

/** Which actions each step offers, in order. */
const STEP_ACTIONS: Record<StepKey, Array<keyof typeof SYSTEM_ACTIONS>> = {
  new: ['save', 'publish', 'delete'],
  draft: ['save', 'unpublish', 'copy', 'publish', 'archive'],
  published: ['copy', 'unpublish', 'save', 'archive', 'publish'],
  archived: ['unarchive', 'delete', 'destroy'],
};

/**
 * Seeds the System Workflow inside the caller's transaction. Idempotent: an existing scheme is left
 * as it is (administrators may have changed it).
 */
export async function seedSystemWorkflow(tx: Repositories, ownerId: string, now: number): Promise<boolean> {
  if (await tx.workflows.findScheme(SYSTEM_WORKFLOW_ID)) return false;
  await tx.workflows.insertScheme({
    id: SYSTEM_WORKFLOW_ID,
    name: 'System Workflow',
    description: '',
    archived: false,
    mandatory: false,
    defaultScheme: false,
    entryActionId: null,
    system: true,
    creationDate: now,
    modDate: now,
  });
  for (const [order, step] of Object.values(SYSTEM_STEPS).entries()) {
    const row: WorkflowStep = {
      ...step,
      schemeId: SYSTEM_WORKFLOW_ID,
      myOrder: order,
      enableEscalation: false,
      escalationAction: null,
      escalationTime: 0,
      creationDate: now,
    };
    await tx.workflows.insertStep(row);
  }
  for (const action of Object.values(SYSTEM_ACTIONS) as SystemAction[]) {
    const row: WorkflowAction = {
      id: action.id,
      schemeId: SYSTEM_WORKFLOW_ID,
      name: action.name,
      condition: '',
      nextStep: action.next === CURRENT_STEP ? CURRENT_STEP : SYSTEM_STEPS[action.next].id,
      nextAssign: '',
      icon: 'workflowIcon',
      roleHierarchyForAssign: false,
      assignable: false,
      commentable: true,
      order: 0,
      owner: ownerId,
      showOn: action.showOn,
      whoCanUse: [],
    };
    await tx.workflows.insertAction(row);
    for (const [order, [className, name]] of action.actionlets.entries()) {
      await tx.workflows.insertActionlet({
        id: randomUUID(),
        actionId: action.id,
        actionClass: ACTIONLET + className,
        name,
        order,
        parameters: {},
      });
    }
  }
  for (const [step, actions] of Object.entries(STEP_ACTIONS) as Array<[StepKey, Array<keyof typeof SYSTEM_ACTIONS>]>) {
    for (const [position, key] of actions.entries())
      await tx.workflows.attachAction(SYSTEM_STEPS[step].id, SYSTEM_ACTIONS[key].id, position);
  }
  return true;
}

/**
 * Maps the lifecycle verbs to the System Workflow's actions, once per installation (installations
 * made before mappings were stored get them on their next start). Verbs an administrator mapped
 * already are left alone.
 */
export async function seedSystemActionMappings(tx: Repositories, now: number): Promise<void> {
  if (await tx.settings.get(MAPPINGS_SEEDED)) return;
  const mapped = new Set(
    (await tx.workflows.listSystemActions('scheme', SYSTEM_WORKFLOW_ID)).map((m) => m.systemAction),
  );
  for (const [systemAction, action, id] of SYSTEM_ACTION_MAPPINGS) {
    if (!mapped.has(systemAction))
      await tx.workflows.putSystemAction({
        id,
        systemAction,
        actionId: SYSTEM_ACTIONS[action].id,
        ownerKind: 'scheme',
        ownerId: SYSTEM_WORKFLOW_ID,
      });
  }
  await tx.settings.putIfAbsent(MAPPINGS_SEEDED, String(now));
}
