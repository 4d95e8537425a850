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

/** What clients send to create or update a content type; absent members keep their defaults (or current values). */
export interface ContentTypeInput {
  clazz?: string;
  baseType?: string;
  name?: string;
  description?: string;
  variable?: string;
  host?: string;
  folder?: string;
  owner?: string;
  defaultType?: boolean;
  fixed?: boolean;
  system?: boolean;
  versionable?: boolean;
  multilingualable?: boolean;
  icon?: string;
  sortOrder?: number;
  /** Scheme ids. The spec's request calls it `workflow`; `workflows` is accepted too. */
  workflow?: string[];
  workflows?: string[];
  fields?: FieldInput[];
}

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

  /** `repositories`: the caller's transaction, when the type is created as part of a larger change. */
  async create(
    input: ContentTypeInput,
    userId: string,
    repositories: Repositories = this.storage,
  ): Promise<ContentTypeWithFields> {
    const name = input.name?.trim();
    if (!name) throw new CmsError(Errors.CONTENT_TYPE_NAME_REQUIRED, undefined, { fieldName: 'name' });
    const { clazz, baseType } = resolveClass(input.clazz, input.baseType);
    return repositories.transaction(async (tx) => {
      const variable = await this.chooseVariable(tx, input.variable, name);
      const now = this.now();
      const type: ContentType = {
        id: randomUUID(),
        clazz,
        baseType,
        name,
        description: input.description ?? '',
        variable,
        host: await this.resolveHost(tx, input.host),
        folder: input.folder?.trim() || SYSTEM_FOLDER,
        owner: input.owner?.trim() || userId,
        defaultType: input.defaultType ?? false,
        fixed: input.fixed ?? false,
        system: input.system ?? false,
        versionable: input.versionable ?? true,
        multilingualable: input.multilingualable ?? false,
        icon: input.icon ?? 'event_note',
        sortOrder: input.sortOrder ?? 0,
        workflows: workflowsOf(input) ?? [SYSTEM_WORKFLOW_ID],
        modDate: now,
        iDate: now,
      };
      await tx.contentTypes.insert(type);
      const wanted = withBaseFields(BASE_TYPE_FIELDS[baseType] ?? [], input.fields ?? []);
      const fields = wanted.length ? await this.fields.createIn(tx, type, wanted) : [];
      return { ...type, fields: fields.length ? await tx.fields.listByType(type.id) : [] };
    });
  }

  /** By id, then by variable (case-insensitive). */
  async get(idOrVariable: string, repositories: Repositories = this.storage): Promise<ContentTypeWithFields> {
    const type = await this.find(idOrVariable, repositories);
    return { ...type, fields: await repositories.fields.listByType(type.id) };
  }

  async find(idOrVariable: string, repositories: Repositories = this.storage): Promise<ContentType> {
    const type =
      (await repositories.contentTypes.findById(idOrVariable)) ??
      (await repositories.contentTypes.findByVariable(idOrVariable));
    if (!type) throw new CmsError(Errors.CONTENT_TYPE_NOT_FOUND, { type: idOrVariable });
    return type;
  }

  list(query: ContentTypeQuery): Promise<Page<ContentType>> {
    return this.storage.contentTypes.list(query);
  }

  async update(principal: Principal, idOrVariable: string, input: ContentTypeInput): Promise<ContentTypeWithFields> {
    return this.storage.transaction(async (tx) => {
      const current = await this.findEditable(principal, idOrVariable, tx);
      if (input.variable !== undefined && input.variable.toLowerCase() !== current.variable.toLowerCase()) {
        throw new CmsError(Errors.CONTENT_TYPE_VARIABLE_IMMUTABLE, undefined, { fieldName: 'variable' });
      }
      const name = input.name?.trim();
      if (input.name !== undefined && !name)
        throw new CmsError(Errors.CONTENT_TYPE_NAME_REQUIRED, undefined, { fieldName: 'name' });
      const { clazz, baseType } = input.clazz || input.baseType ? resolveClass(input.clazz, input.baseType) : current;
      if (baseType !== current.baseType)
        throw new CmsError(Errors.CONTENT_TYPE_BASE_TYPE_IMMUTABLE, undefined, { fieldName: 'clazz' });
      const updated: ContentType = {
        ...current,
        clazz,
        name: name ?? current.name,
        description: input.description ?? current.description,
        host: input.host === undefined ? current.host : await this.resolveHost(tx, input.host),
        folder: input.folder?.trim() || current.folder,
        owner: input.owner?.trim() || current.owner,
        defaultType: input.defaultType ?? current.defaultType,
        fixed: input.fixed ?? current.fixed,
        system: input.system ?? current.system,
        versionable: input.versionable ?? current.versionable,
        multilingualable: input.multilingualable ?? current.multilingualable,
        icon: input.icon ?? current.icon,
        sortOrder: input.sortOrder ?? current.sortOrder,
        workflows: workflowsOf(input) ?? current.workflows,
        modDate: this.now(),
      };
      await tx.contentTypes.update(updated);
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

function workflowsOf(input: ContentTypeInput): string[] | undefined {
  const ids = input.workflow ?? input.workflows;
  if (ids === undefined) return undefined;
  const clean = [...new Set(ids.map((id) => id.trim()).filter(Boolean))];
  return clean.length ? clean : [SYSTEM_WORKFLOW_ID];
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
