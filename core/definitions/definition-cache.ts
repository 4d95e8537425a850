import { CmsError, Errors } from '../errors/index.js';
import type { ContentType } from '../model/content-type.js';
import type { Field } from '../model/field.js';
import type { Folder } from '../model/folder.js';
import type { Language } from '../model/language.js';
import type { PermissionGrant } from '../model/permission.js';
import type { ActionletAssociation, SystemActionMapping, WorkflowAction, WorkflowStep } from '../model/workflow.js';
import type { RepositorySet } from '../plugin/storage/index.js';

/**
 * Definitions as one transaction sees them. The answers are shared between requests and frozen:
 * copy before changing.
 */
export interface Definitions {
  /** By id, else by variable (case-insensitive). */
  contentType(idOrVariable: string): Promise<ContentType | undefined>;
  fields(contentTypeId: string): Promise<readonly Field[]>;
  language(id: number): Promise<Language | undefined>;
  /** By full id or the 10-character short form. */
  action(idOrShort: string): Promise<WorkflowAction | undefined>;
  steps(schemeId: string): Promise<readonly WorkflowStep[]>;
  stepActions(stepId: string): Promise<readonly WorkflowAction[]>;
  actionlets(actionId: string): Promise<readonly ActionletAssociation[]>;
  systemActions(ownerKind: SystemActionMapping['ownerKind'], ownerId: string): Promise<readonly SystemActionMapping[]>;
  /** An asset's own permission grants, or undefined when it inherits. */
  grants(assetId: string): Promise<readonly PermissionGrant[] | undefined>;
  /** Reads the grants of the assets not known yet in one read, so that `grants` answers them without one each. */
  preloadGrants(assetIds: readonly string[]): Promise<void>;
  /** A folder by identifier. */
  folder(identifier: string): Promise<Folder | undefined>;
  /** The site's folder at a stored path (lower-case, `/a/b/`). */
  folderAt(hostId: string, path: string): Promise<Folder | undefined>;
}

/**
 * Content types, fields, languages, workflow definitions, permissions and folders (which permissions
 * inherit through) are read on every save and every fire
 * but change rarely. They are kept per process and trusted only while the storage's
 * `definitionsVersion` token is the one they were read under: every definition write renews it in
 * its own transaction, so a change made by any process is seen by the next transaction here.
 */
export class DefinitionCache {
  private version: string | undefined;
  private entries = new Map<string, Promise<unknown>>();

  /** Bounds memory when callers ask for many names that do not exist. */
  private readonly capacity: number;

  constructor(options: { capacity?: number } = {}) {
    this.capacity = options.capacity ?? 10_000;
  }

  /** `version`: the token the caller has just read in `tx` (spares reading it again). */
  async in(tx: RepositorySet, version?: string): Promise<Definitions> {
    version ??= await tx.definitionsVersion();
    if (version !== this.version) {
      this.version = version;
      this.entries = new Map();
    }
    const entries = this.entries;
    const memo = <T>(key: string, load: () => Promise<T>): Promise<T> => {
      let entry = entries.get(key) as Promise<T> | undefined;
      if (!entry) {
        if (entries.size >= this.capacity) evict(entries, this.capacity);
        entry = load().then(freeze);
        entries.set(key, entry);
        // A failed read is not remembered: the next caller reads again.
        entry.catch(() => entries.get(key) === entry && entries.delete(key));
      }
      return entry;
    };
    return {
      contentType: (idOrVariable) =>
        memo(
          `type:${idOrVariable}`,
          async () =>
            (await tx.contentTypes.findById(idOrVariable)) ?? (await tx.contentTypes.findByVariable(idOrVariable)),
        ),
      fields: (contentTypeId) => memo(`fields:${contentTypeId}`, () => tx.fields.listByType(contentTypeId)),
      language: (id) => memo(`language:${id}`, () => tx.languages.findById(id)),
      action: (idOrShort) =>
        memo(`action:${idOrShort}`, async () => {
          const id = await tx.workflows.resolveId('action', idOrShort);
          return id ? tx.workflows.findAction(id) : undefined;
        }),
      steps: (schemeId) => memo(`steps:${schemeId}`, () => tx.workflows.listSteps(schemeId)),
      stepActions: (stepId) => memo(`stepActions:${stepId}`, () => tx.workflows.listStepActions(stepId)),
      actionlets: (actionId) => memo(`actionlets:${actionId}`, () => tx.workflows.listActionlets(actionId)),
      systemActions: (ownerKind, ownerId) =>
        memo(`systemActions:${ownerKind}:${ownerId}`, () => tx.workflows.listSystemActions(ownerKind, ownerId)),
      grants: (assetId) => memo(`grants:${assetId}`, () => tx.permissions.find(assetId)),
      preloadGrants: async (assetIds) => {
        const wanted = assetIds.filter((id) => !entries.has(`grants:${id}`));
        if (wanted.length === 0) return;
        const read = tx.permissions.findMany(wanted);
        for (const id of wanted) memo(`grants:${id}`, async () => (await read).get(id));
        await read;
      },
      folder: (identifier) => memo(`folder:${identifier}`, () => tx.folders.findById(identifier)),
      folderAt: (hostId, path) => memo(`folderAt:${hostId}\0${path}`, () => tx.folders.findByPath(hostId, path)),
    };
  }
}

/** The content type by id or variable, or the 404 every endpoint gives for an unknown one. */
export async function requireContentType(definitions: Definitions, idOrVariable: string): Promise<ContentType> {
  const type = await definitions.contentType(idOrVariable);
  if (!type) throw new CmsError(Errors.CONTENT_TYPE_NOT_FOUND, { type: idOrVariable });
  return type;
}

/**
 * Makes room: first the grants of single assets (indexing and reads ask for those of every item,
 * by the thousand), then, if definitions alone fill the cache, everything.
 */
function evict(entries: Map<string, Promise<unknown>>, capacity: number): void {
  for (const key of entries.keys()) if (key.startsWith('grants:')) entries.delete(key);
  if (entries.size >= capacity) entries.clear();
}

/** Freezes an answer and the objects and arrays directly inside it, so a caller that changes a shared value fails loudly. */
function freeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  for (const inner of Object.values(value)) if (typeof inner === 'object' && inner !== null) Object.freeze(inner);
  return Object.freeze(value);
}
