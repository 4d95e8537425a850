import { indexedPermissions } from '../auth/indexed-permissions.js';
import type { PermissionService } from '../auth/permission-service.js';
import type { DefinitionCache, Definitions } from '../definitions/definition-cache.js';
import type { ContentIdentifier, ContentState, ContentVersion } from '../model/contentlet.js';
import type { WorkflowTask } from '../model/workflow.js';
import type { ContentType } from '../model/content-type.js';
import type { Field } from '../model/field.js';
import type { FieldType } from '../plugin/field-type.js';
import type { SearchDocument, SearchIndex } from '../plugin/search-driver.js';
import type { RepositorySet } from '../plugin/storage/index.js';
import { contentDocument, type WorkflowPosition } from './content-document.js';
import { slotPlan, type IndexChanges, type ItemLanguage } from './index-changes.js';

/** The documents to write and the ids to remove, for a batch of changes. */
export interface BuiltDocuments {
  documents: SearchDocument[];
  remove: string[];
}

export interface ContentIndexerDependencies {
  /** The index, or a rebuild being filled. */
  index: Pick<SearchIndex, 'index' | 'remove'>;
  typeOf: (field: Field) => FieldType | undefined;
  definitions: DefinitionCache;
  permissions: PermissionService;
  /** The `CMS Owner` role's id: its grants become `ownercanread` and the like. */
  ownerRoleId: string;
}

/**
 * Brings the search index in line with stored content: reads what a change left behind and writes
 * the documents (`contentDocument`) of the item-languages to refresh, and removes the ids no longer
 * wanted. Callers run it once the change is durable, with `tx.afterCommit` and the changes of
 * `indexChangesOf`; reading after the commit means the index follows what was committed, whatever
 * order the steps of a fire took.
 */
export class ContentIndexer {
  constructor(private readonly deps: ContentIndexerDependencies) {}

  /** Applies the changes: removals first, then the documents built from the current state. */
  async apply(repositories: RepositorySet, changes: IndexChanges): Promise<void> {
    const { documents, remove } = await this.build(repositories, changes);
    if (remove.length > 0) await this.deps.index.remove(remove);
    if (documents.length > 0) await this.deps.index.index(documents);
  }

  /** What applying the changes writes: the documents built from the current state, and the ids to remove. */
  async build(repositories: RepositorySet, changes: IndexChanges): Promise<BuiltDocuments> {
    const documents: SearchDocument[] = [];
    const remove = new Set(changes.remove);
    const batch = await readBatch(repositories, this.deps.definitions, changes.refresh);
    for (const item of changes.refresh) {
      const built = await this.documents(batch, item);
      for (const id of built.remove) remove.add(id);
      documents.push(...built.documents);
    }
    for (const document of documents) remove.delete(document.id);
    return { documents, remove: [...remove] };
  }

  /** The documents an item-language's current state calls for, and the ids of its slots to remove. */
  private async documents(
    batch: BatchReads,
    item: ItemLanguage,
  ): Promise<{ documents: SearchDocument[]; remove: string[] }> {
    const state = batch.states.get(itemKey(item));
    const identifier = state && batch.identifiers.get(item.identifier);
    const type = identifier && (await batch.definitions.contentType(identifier.contentTypeId));
    // NOTE: an item whose type is gone cannot be searched for by type or field: it leaves the index.
    const plan = slotPlan(item, identifier && type ? state : undefined);
    if (!identifier || !type || plan.build.length === 0) return { documents: [], remove: plan.remove };
    const shared = await this.shared(batch, { item, identifier, type });
    const documents: SearchDocument[] = [];
    for (const { inode, slot } of plan.build) {
      const version = batch.versions.get(inode);
      if (version) documents.push(contentDocument({ ...shared, version, state: state!, slot }));
    }
    return { documents, remove: plan.remove };
  }

  /** What both slots' documents share: the type's fields, the workflow, permissions and site. */
  private async shared(
    batch: BatchReads,
    { item, identifier, type }: { item: ItemLanguage; identifier: ContentIdentifier; type: ContentType },
  ) {
    const { definitions, sites } = batch;
    const resolved = await this.deps.permissions.resolve(definitions, { kind: 'content', identifier, type });
    let siteName = sites.get(identifier.host);
    if (!siteName) sites.set(identifier.host, (siteName = siteNameOf(batch.repositories, identifier.host)));
    return {
      identifier,
      type,
      fields: await definitions.fields(type.id),
      typeOf: this.deps.typeOf,
      workflow: await workflowPosition(definitions, { task: batch.tasks.get(itemKey(item)), type }),
      permissions: indexedPermissions(resolved.grants, this.deps.ownerRoleId),
      siteName: await siteName,
    };
  }
}

async function workflowPosition(
  definitions: Definitions,
  { task, type }: { task: WorkflowTask | undefined; type: ContentType },
): Promise<WorkflowPosition> {
  // Through the definitions cache: steps change rarely, and this runs for every item indexed.
  const step = task && (await definitions.steps(task.schemeId)).find((s) => s.id === task.stepId);
  if (task && step) {
    return {
      kind: 'task',
      schemeId: step.schemeId,
      stepId: step.id,
      stepName: step.name,
      createdBy: task.createdBy,
      assignedTo: task.assignedTo,
      modDate: task.modDate,
    };
  }
  const schemes = [];
  for (const schemeId of type.workflows) {
    const steps = [...(await definitions.steps(schemeId))].sort((a, b) => a.myOrder - b.myOrder);
    schemes.push({ schemeId, firstStepId: steps[0]?.id });
  }
  return { kind: 'none', schemes };
}

const itemKey = (item: { identifier: string; languageId: number }) => `${item.identifier}\0${item.languageId}`;

/**
 * What a batch of item-languages is built from, read for the whole batch: a few statements
 * whatever its size, where reading item by item took five per item (a round trip each on MySQL).
 */
async function readBatch(
  repositories: RepositorySet,
  definitionCache: DefinitionCache,
  items: readonly ItemLanguage[],
): Promise<BatchReads> {
  const definitions = await definitionCache.in(repositories);
  const ids = [...new Set(items.map((item) => item.identifier))];
  const states = new Map<string, ContentState>();
  const identifiers = new Map<string, ContentIdentifier>();
  const versions = new Map<string, ContentVersion>();
  const tasks = new Map<string, WorkflowTask>();
  const batch = { repositories, definitions, sites: new Map(), states, identifiers, versions, tasks };
  if (ids.length === 0) return batch;
  for (const state of await repositories.content.listStatesOf(ids)) states.set(itemKey(state), state);
  const present = [...new Set(items.filter((item) => states.has(itemKey(item))).map((item) => item.identifier))];
  for (const identifier of await repositories.content.findIdentifiers(present))
    identifiers.set(identifier.identifier, identifier);
  const inodes = items.flatMap((item) => slotPlan(item, states.get(itemKey(item))).build.map((b) => b.inode));
  for (const version of await repositories.content.findVersions(inodes)) versions.set(version.inode, version);
  for (const task of await repositories.tasks.listOf(present)) tasks.set(itemKey(task), task);
  await definitions.preloadGrants(present);
  return batch;
}

/** What one batch reads once for all its items. */
interface BatchReads {
  repositories: RepositorySet;
  definitions: Definitions;
  /** Site names by id, as they are read. */
  sites: Map<string, Promise<string | undefined>>;
  /** By `itemKey`. */
  states: Map<string, ContentState>;
  identifiers: Map<string, ContentIdentifier>;
  /** By inode. */
  versions: Map<string, ContentVersion>;
  /** By `itemKey`. */
  tasks: Map<string, WorkflowTask>;
}

async function siteNameOf(repositories: RepositorySet, siteId: string): Promise<string | undefined> {
  return (await repositories.sites.findById(siteId))?.siteName;
}
