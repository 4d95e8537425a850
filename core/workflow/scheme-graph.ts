/**
 * A scheme with everything that belongs to it, as stored: what a copy duplicates, an export writes
 * out and an import writes in.
 */
import { randomUUID } from 'node:crypto';
import {
  CURRENT_STEP,
  type ActionletAssociation,
  type SystemActionMapping,
  type WorkflowAction,
  type WorkflowScheme,
  type WorkflowStep,
} from '../model/workflow.js';
import type { Repositories } from '../plugin/storage/index.js';

export interface StepActionLink {
  stepId: string;
  actionId: string;
  /** 0-based place of the action in the step. */
  position: number;
}

export interface SchemeGraph {
  schemes: WorkflowScheme[];
  steps: WorkflowStep[];
  actions: WorkflowAction[];
  links: StepActionLink[];
  /** Parameter values as stored: secret ones sealed. */
  actionlets: ActionletAssociation[];
  /** The schemes' own system-action mappings. */
  mappings: SystemActionMapping[];
}

/** Reads a scheme's definitions, in order: steps by myOrder, links in step order, actionlets by order. */
export async function readSchemeGraph(tx: Repositories, scheme: WorkflowScheme): Promise<SchemeGraph> {
  const steps = await tx.workflows.listSteps(scheme.id);
  const actions = await tx.workflows.listActions(scheme.id);
  const links: StepActionLink[] = [];
  for (const step of steps) {
    (await tx.workflows.listStepActions(step.id)).forEach((action, position) =>
      links.push({ stepId: step.id, actionId: action.id, position }),
    );
  }
  const actionlets = (await Promise.all(actions.map((a) => tx.workflows.listActionlets(a.id)))).flat();
  const mappings = await tx.workflows.listSystemActions('scheme', scheme.id);
  return { schemes: [scheme], steps, actions, links, actionlets, mappings };
}

/**
 * Writes a graph whose references all point inside it. Steps are written before the actions that
 * lead to them, and get their escalation action once that action exists.
 */
export async function insertSchemeGraph(tx: Repositories, graph: SchemeGraph): Promise<void> {
  for (const scheme of graph.schemes) await tx.workflows.insertScheme(scheme);
  for (const step of graph.steps) await tx.workflows.insertStep({ ...step, escalationAction: null });
  for (const action of graph.actions) await tx.workflows.insertAction(action);
  for (const step of graph.steps) if (step.escalationAction) await tx.workflows.updateStep(step);
  const links = [...graph.links].sort((a, b) => a.position - b.position);
  for (const link of links) await tx.workflows.attachAction(link.stepId, link.actionId, link.position);
  for (const association of graph.actionlets) await tx.workflows.insertActionlet(association);
  for (const mapping of graph.mappings) await tx.workflows.putSystemAction(mapping);
}

/**
 * The same definitions under new ids (scheme, steps, actions, actionlets, mappings), every
 * reference following. Sealed values are carried as they are: the copy lives in the same
 * installation and opens them with the same key.
 */
export function renewIds(graph: SchemeGraph, overrides: Partial<WorkflowScheme>): SchemeGraph {
  const ids = new Map<string, string>();
  const renew = (id: string) => {
    let next = ids.get(id);
    if (!next) ids.set(id, (next = randomUUID()));
    return next;
  };
  const mapped = (id: string) => ids.get(id) ?? id;
  graph.schemes.forEach((s) => renew(s.id));
  graph.steps.forEach((s) => renew(s.id));
  graph.actions.forEach((a) => renew(a.id));
  return {
    schemes: graph.schemes.map((s) => ({ ...s, ...overrides, id: mapped(s.id) })),
    steps: graph.steps.map((s) => ({
      ...s,
      id: mapped(s.id),
      schemeId: mapped(s.schemeId),
      escalationAction: s.escalationAction && mapped(s.escalationAction),
    })),
    actions: graph.actions.map((a) => ({
      ...a,
      id: mapped(a.id),
      schemeId: mapped(a.schemeId),
      nextStep: a.nextStep === CURRENT_STEP ? CURRENT_STEP : mapped(a.nextStep),
      showOn: [...a.showOn],
      whoCanUse: [...a.whoCanUse],
    })),
    links: graph.links.map((l) => ({ ...l, stepId: mapped(l.stepId), actionId: mapped(l.actionId) })),
    actionlets: graph.actionlets.map((a) => ({
      ...a,
      id: randomUUID(),
      actionId: mapped(a.actionId),
      parameters: { ...a.parameters },
    })),
    mappings: graph.mappings.map((m) => ({
      ...m,
      id: randomUUID(),
      actionId: mapped(m.actionId),
      ownerId: mapped(m.ownerId),
    })),
  };
}
