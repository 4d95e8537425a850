import { randomUUID } from 'node:crypto';
import type { PermissionService } from '../auth/permission-service.js';
import { checkKnown } from '../auth/known-asset.js';
import type { Principal } from '../auth/principal.js';
import type { DefinitionCache } from '../definitions/definition-cache.js';
import { CmsError, Errors } from '../errors/index.js';
import {
  BASE_CONTENT_TYPES,
  CLASS_OF_BASE_TYPE,
  CONTENT_TYPE_CLASS_PACKAGE,
  SYSTEM_WORKFLOW_ID,
  type BaseContentType,
  type ContentType,
} from '../model/content-type.js';
import type { Field } from '../model/field.js';
import type { Page } from '../model/page.js';
import { SYSTEM_FOLDER, SYSTEM_HOST } from '../model/site.js';
import type { ContentTypeQuery, Repositories, Storage } from '../plugin/storage/index.js';
import type { IndexQueue } from '../search/index-queue.js';
import { BASE_TYPE_FIELDS } from './base-type-fields.js';
import type { FieldInput, FieldService } from './field-service.js';
import { VARIABLE_PATTERN, firstFreeVariable, variableFromName } from './variable-name.js';
import { fromOriginalClassName } from '../plugin/original-class-name.js';
import { resolveWorkflows, type WorkflowEntry } from './content-type-workflows.js';
import { normaliseLayout } from './field-layout-fix.js';
import { syncFields, type FieldChange } from './field-sync.js';
import { typeWhereabouts, type TypeWhereabouts } from './content-type-whereabouts.js';

/**
 * What clients send to create or update a content type; absent members keep their defaults (or
 * current values), and so does null, which the original's clients send for members they leave unset.
 */
export interface ContentTypeInput {
  /** Ignored on creation; on update, where the type is looked for when the path names none. */
  id?: string | null;
  clazz?: string | null;
  baseType?: string | null;
  name?: string | null;
  description?: string | null;
  variable?: string | null;
  host?: string | null;
  folder?: string | null;
  owner?: string | null;
  defaultType?: boolean | null;
  fixed?: boolean | null;
  system?: boolean | null;
  versionable?: boolean | null;
  multilingualable?: boolean | null;
  icon?: string | null;
  sortOrder?: number | null;
  /** Schemes, by id or `{id, variableName}`. The spec's request calls it `workflow`; `workflows` is accepted too. */
  workflow?: WorkflowEntry[] | null;
  workflows?: WorkflowEntry[] | null;
  /**
   * On creation, the fields besides its base type's; on update, all its fields: those of the type
   * named by id or variable are changed, the others created, and the type's fields left out
   * deleted (but for fixed and read-only ones).
   */
  fields?: FieldChange[] | null;
}

/** Work done in a type's save transaction once the type is written. */
export type AfterSave = (tx: Repositories, type: ContentType) => Promise<void>;

export interface ContentTypeWithFields extends ContentType {
  fields: Field[];
}

const CLASS_TO_BASE = new Map<string, BaseContentType>(
  Object.entries(CLASS_OF_BASE_TYPE).flatMap(([base, cls]) => [
    [cls, base as BaseContentType],
    [cls.replace(/^Immutable/, ''), base as BaseContentType],
  ]),
);

/** Items removed per round when a type is deleted with its content. */
const DELETE_BATCH = 500;

/** Content types: creation with defaults, look-up by id or variable, listing, update, deletion. */
export class ContentTypeService {
  private readonly storage: Storage;
  private readonly fields: FieldService;
  /** Who may change a type, and where changes to its documents are queued for the search index. */
  private readonly access: { definitions: DefinitionCache; permissions: PermissionService; indexQueue?: IndexQueue };
  private readonly now: () => number;

  constructor(options: {
    storage: Storage;
    fields: FieldService;
    /** Who may change a type: administrators, and those holding EDIT_PERMISSIONS on it (as the original asks). */
    definitions: DefinitionCache;
    permissions: PermissionService;
    /** A type's documents carry its variable, workflows and grants, so changes queue them for the search index. */
    indexQueue?: IndexQueue;
    now?: () => number;
  }) {
    this.storage = options.storage;
    this.fields = options.fields;
    this.access = options;
    this.now = options.now ?? Date.now;
  }

  /**
   * The type, once the caller may change it (its fields included); otherwise `PERMISSION_DENIED`,
   * or `CONTENT_TYPE_NOT_FOUND` as for no type when the caller may not even read it.
   */
  async findEditable(principal: Principal, idOrVariable: string, repositories: Repositories = this.storage) {
    const type = await this.find(idOrVariable, repositories);
    const definitions = await this.access.definitions.in(repositories);
    await checkKnown(
      this.access.permissions.for(definitions, principal),
      { kind: 'contentType', type },
      {
        permission: 'EDIT_PERMISSIONS',
        unknown: () => new CmsError(Errors.CONTENT_TYPE_NOT_FOUND, { type: idOrVariable }),
      },
    );
    return type;
  }

  /**
   * `repositories`: the caller's transaction, when the type is created as part of a larger change;
   * `afterSave`: what else the same request saves with the type (its system-action mappings).
   */
  async create(
    input: ContentTypeInput,
    userId: string,
    repositories: Repositories = this.storage,
    afterSave?: AfterSave,
  ): Promise<ContentTypeWithFields> {
    const name = input.name?.trim();
    if (!name) throw new CmsError(Errors.CONTENT_TYPE_NAME_REQUIRED, undefined, { fieldName: 'name' });
    const { clazz, baseType } = resolveClass(input.clazz ?? undefined, input.baseType ?? undefined);
    return repositories.transaction(async (tx) => {
      const variable = await this.chooseVariable(tx, input.variable ?? undefined, name);
      const now = this.now();
      const type: ContentType = {
        id: randomUUID(),
        clazz,
        baseType,
        name,
        description: input.description ?? '',
        variable,
        host: await this.resolveHost(tx, input.host ?? undefined),
        folder: input.folder?.trim() || SYSTEM_FOLDER,
        owner: input.owner?.trim() || userId,
        defaultType: input.defaultType ?? false,
        fixed: input.fixed ?? false,
        system: input.system ?? false,
        versionable: input.versionable ?? true,
        multilingualable: input.multilingualable ?? false,
        icon: input.icon ?? 'event_note',
        sortOrder: input.sortOrder ?? 0,
        workflows: (await resolveWorkflows(tx, workflowEntries(input), name)) ?? [SYSTEM_WORKFLOW_ID],
        modDate: now,
        iDate: now,
      };
      await tx.contentTypes.insert(type);
      const wanted = withBaseFields(BASE_TYPE_FIELDS[baseType] ?? [], input.fields ?? []);
      const fields = wanted.length ? await this.fields.createIn(tx, type, wanted) : [];
      if (fields.length) await normaliseLayout(tx, this.fields, type);
      await afterSave?.(tx, type);
      return { ...type, fields: fields.length ? await tx.fields.listByType(type.id) : [] };
    });
  }

  /** By id, then by variable (case-insensitive). */
  async get(idOrVariable: string, repositories: Repositories = this.storage): Promise<ContentTypeWithFields> {
    const type = await this.find(idOrVariable, repositories);
    return { ...type, fields: await repositories.fields.listByType(type.id) };
  }

  async find(idOrVariable: string, repositories: Repositories = this.storage): Promise<ContentType> {
    const type = await this.lookUp(idOrVariable, repositories);
    if (!type) throw new CmsError(Errors.CONTENT_TYPE_NOT_FOUND, { type: idOrVariable });
    return type;
  }

  /** The first type found by id, then variable, of each name in turn. */
  private async lookUp(
    idOrVariable: string,
    repositories: Repositories,
    more: ReadonlyArray<string | null | undefined> = [],
  ): Promise<ContentType | undefined> {
    for (const name of [idOrVariable, ...more]) {
      const wanted = name?.trim();
      if (!wanted) continue;
      const type =
        (await repositories.contentTypes.findById(wanted)) ?? (await repositories.contentTypes.findByVariable(wanted));
      if (type) return type;
    }
    return undefined;
  }

  list(query: ContentTypeQuery): Promise<Page<ContentType>> {
    return this.storage.contentTypes.list(query);
  }

  /** Where each type lives (its site's name, its folder's path), by type id, for the types' answers. */
  whereabouts(types: readonly ContentType[]): Promise<Map<string, TypeWhereabouts>> {
    return typeWhereabouts(this.storage, types);
  }

  /** How many items each type has, by type id, in one count for all (0 for those without). */
  async countEntries(types: readonly ContentType[]): Promise<Map<string, number>> {
    const counts = await this.storage.content.countItemsOfTypes(types.map((t) => t.id));
    return new Map(types.map((t) => [t.id, counts.get(t.id) ?? 0]));
  }

  /**
   * Changes a type. The path names it by id or variable; when it names none, the type is the one
   * whose id, then variable, the body carries, as the original looks for it.
   */
  async update(
    principal: Principal,
    idOrVariable: string,
    input: ContentTypeInput,
    afterSave?: AfterSave,
  ): Promise<ContentTypeWithFields> {
    return this.storage.transaction(async (tx) => {
      const found = await this.lookUp(idOrVariable, tx, [input.id, input.variable]);
      const current = await this.findEditable(principal, found?.id ?? idOrVariable, tx);
      if (input.variable != null && input.variable.toLowerCase() !== current.variable.toLowerCase()) {
        throw new CmsError(Errors.CONTENT_TYPE_VARIABLE_IMMUTABLE, undefined, { fieldName: 'variable' });
      }
      const name = input.name?.trim();
      if (input.name != null && !name)
        throw new CmsError(Errors.CONTENT_TYPE_NAME_REQUIRED, undefined, { fieldName: 'name' });
      const { clazz, baseType } =
        input.clazz || input.baseType ? resolveClass(input.clazz ?? undefined, input.baseType ?? undefined) : current;
      if (baseType !== current.baseType)
        throw new CmsError(Errors.CONTENT_TYPE_BASE_TYPE_IMMUTABLE, undefined, { fieldName: 'clazz' });
      const updated: ContentType = {
        ...current,
        clazz,
        name: name ?? current.name,
        description: input.description ?? current.description,
        host: input.host == null ? current.host : await this.resolveHost(tx, input.host),
        folder: input.folder?.trim() || current.folder,
        owner: input.owner?.trim() || current.owner,
        defaultType: input.defaultType ?? current.defaultType,
        fixed: input.fixed ?? current.fixed,
        system: input.system ?? current.system,
        versionable: input.versionable ?? current.versionable,
        multilingualable: input.multilingualable ?? current.multilingualable,
        icon: input.icon ?? current.icon,
        sortOrder: input.sortOrder ?? current.sortOrder,
        workflows: (await resolveWorkflows(tx, workflowEntries(input), current.variable)) ?? current.workflows,
        modDate: this.now(),
      };
      await tx.contentTypes.update(updated);
      // Fields sent are the type's fields, as in the original; left out (or null), they stay as they are.
      if (input.fields) await syncFields(tx, this.fields, updated, input.fields);
      await normaliseLayout(tx, this.fields, updated);
      await afterSave?.(tx, updated);
      await this.access.indexQueue?.add(tx, [{ scope: 'type', id: updated.id }]);
      return { ...updated, fields: await tx.fields.listByType(updated.id) };
    });
  }

  /**
   * Deletes a type. While items of it exist the deletion is refused, unless `withContent` asks for
   * them to be removed too (every version, in every language, with their workflow tasks).
   */
  async delete(
    principal: Principal,
    idOrVariable: string,
    options: { withContent?: boolean } = {},
  ): Promise<ContentType> {
    return this.storage.transaction(async (tx) => {
      const type = await this.findEditable(principal, idOrVariable, tx);
      if (type.fixed || type.system) throw new CmsError(Errors.CONTENT_TYPE_UNDELETABLE, { type: type.variable });
      for (;;) {
        const items = await tx.content.listIdentifiersOfType(type.id, DELETE_BATCH);
        if (items.length === 0) break;
        if (!options.withContent) throw new CmsError(Errors.CONTENT_TYPE_HAS_CONTENT, { type: type.variable });
        for (const identifier of items) {
          const languages = (await tx.content.listStates(identifier)).map((state) => state.languageId);
          await this.access.indexQueue?.add(
            tx,
            languages.map((languageId) => ({ scope: 'item', identifier, languageId })),
          );
          await tx.content.deleteIdentifier(identifier);
          await tx.tasks.delete(identifier);
        }
      }
      await tx.contentTypes.delete(type.id);
      return type;
    });
  }

  private async chooseVariable(tx: Repositories, requested: string | undefined, name: string): Promise<string> {
    const taken = async (candidate: string) => (await tx.contentTypes.findByVariable(candidate)) !== undefined;
    const variable = requested?.trim();
    if (!variable) return firstFreeVariable(variableFromName(name, 'type'), taken);
    if (!VARIABLE_PATTERN.test(variable)) {
      throw new CmsError(Errors.CONTENT_TYPE_VARIABLE_INVALID, { variable }, { fieldName: 'variable' });
    }
    if (await taken(variable))
      throw new CmsError(Errors.CONTENT_TYPE_VARIABLE_TAKEN, { variable }, { fieldName: 'variable' });
    return variable;
  }

  /** A site identifier or name; absent means SYSTEM_HOST. */
  private async resolveHost(tx: Repositories, host: string | undefined): Promise<string> {
    const wanted = host?.trim();
    if (!wanted || wanted === SYSTEM_HOST) return SYSTEM_HOST;
    const site = (await tx.sites.findById(wanted)) ?? (await tx.sites.findByName(wanted));
    if (!site) throw new CmsError(Errors.CONTENT_TYPE_HOST_UNKNOWN, { site: wanted }, { fieldName: 'host' });
    return site.identifier;
  }
}

function workflowEntries(input: ContentTypeInput): WorkflowEntry[] | undefined {
  return input.workflow ?? input.workflows ?? undefined;
}

/** The class and base type from either; `ImmutableSimpleContentType`, `SimpleContentType` and qualified names (ours or the original's) all work. */
function resolveClass(
  clazz: string | undefined,
  baseType: string | undefined,
): { clazz: string; baseType: BaseContentType } {
  if (clazz) {
    const qualified = fromOriginalClassName(clazz);
    const simple = qualified.startsWith(CONTENT_TYPE_CLASS_PACKAGE)
      ? qualified.slice(CONTENT_TYPE_CLASS_PACKAGE.length)
      : qualified;
    const base = CLASS_TO_BASE.get(simple);
    if (!base)
      throw new CmsError(
        Errors.CONTENT_TYPE_CLASS_UNKNOWN,
        { clazz },
        {
          fieldName: 'clazz',
        },
      );
    return { clazz: CONTENT_TYPE_CLASS_PACKAGE + CLASS_OF_BASE_TYPE[base], baseType: base };
  }
  const base = baseType?.toUpperCase() as BaseContentType | undefined;
  if (!base || !BASE_CONTENT_TYPES.includes(base)) {
    throw new CmsError(
      Errors.CONTENT_TYPE_CLASS_REQUIRED,
      { baseTypes: BASE_CONTENT_TYPES.join(', ') },
      { fieldName: 'clazz' },
    );
  }
  return { clazz: CONTENT_TYPE_CLASS_PACKAGE + CLASS_OF_BASE_TYPE[base], baseType: base };
}

/**
 * The fields a new type gets: its base type's, then the ones sent. A field sent with the variable of
 * a base field is that base field as sent (how a copy keeps its source's settings of them), its
 * class, variable and fixedness kept: it is not a second field beside it.
 */
function withBaseFields(base: readonly FieldInput[], sent: readonly FieldInput[]): FieldInput[] {
  const byVariable = new Map(sent.map((f) => [f.variable?.toLowerCase(), f]));
  const merged = base.map((b) => {
    const own = byVariable.get(b.variable?.toLowerCase());
    return own ? { ...own, clazz: b.clazz, variable: b.variable, fixed: b.fixed } : b;
  });
  const baseVariables = new Set(base.map((b) => b.variable?.toLowerCase()));
  return [...merged, ...sent.filter((f) => f.variable === undefined || !baseVariables.has(f.variable.toLowerCase()))];
}
