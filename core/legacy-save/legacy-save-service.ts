import type { Principal } from '../auth/principal.js';
import type { PermissionService } from '../auth/permission-service.js';
import { requireContentType, type DefinitionCache, type Definitions } from '../definitions/definition-cache.js';
import type { ContentSubmission } from '../content/content-service.js';
import { CmsError, detail, Errors, type ErrorDetail } from '../errors/index.js';
import type { ContentType } from '../model/content-type.js';
import type { Field } from '../model/field.js';
import { DEFAULT_LANGUAGE_ID } from '../model/language.js';
import type { Storage } from '../plugin/storage/index.js';
import type { IndexPolicy } from '../search/index-policy.js';
import type { RelatedQueryResolver } from '../search/related-query.js';
import type { FireEngine } from '../workflow/fire-engine.js';
import { checkWhoCanUse } from '../workflow/fire-checks.js';
import type { SystemActionService } from '../workflow/system-actions.js';
import { anonymousRefusal, isAnonymous, saveCaller, type AnonymousSaveSettings } from './anonymous-save.js';
import { resolveLegacyAction, type LegacyOperation } from './legacy-action.js';
import { formTarget, legacySubmission, type LegacyForm, type RelationshipQueries } from './legacy-form.js';

export interface LegacySaveRequest<F extends { fileName: string }> {
  principal: Principal | null;
  operation: LegacyOperation;
  /** `wfActionComments` / `wfActionAssign` from the URL (they win over the body's). */
  comment?: string;
  assign?: string;
  form: LegacyForm;
  /** The files sent, in order (multipart `file` parts). */
  files: readonly F[];
  indexPolicy?: IndexPolicy;
}

export interface LegacySaveResult {
  identifier: string;
  /** The version just saved. */
  inode: string;
}

export interface LegacySaveDependencies {
  storage: Storage;
  definitions: DefinitionCache;
  permissions: PermissionService;
  fireEngine: FireEngine;
  systemActions: SystemActionService;
  /** Resolves the Lucene queries of deprecated relationship keys (through the search index). */
  relatedQuery?: RelatedQueryResolver;
  anonymous: AnonymousSaveSettings;
}

/**
 * The legacy content save (deprecated): a flat map of field values, saved, published or handed to a
 * named action, always by firing a workflow action, so that every rule of the workflow holds and
 * there is one write path. What differs from a fire: an update removes the values it does not
 * send, and the action must hold a sub-action that saves content.
 */
export class LegacySaveService {
  constructor(private readonly deps: LegacySaveDependencies) {}

  /** Who the save runs as; throws before the body is read when an anonymous caller may not save. */
  caller(principal: Principal | null): Principal {
    return saveCaller(principal, this.deps.anonymous);
  }

  /**
   * Refuses, before the body is read, a caller who could not save whatever the body held: one who
   * holds WRITE nowhere (every save needs it, on the item or on its type; see
   * `PermissionService.mayHoldAnywhere`), or, for an action the path names by id, one its whoCanUse
   * leaves out. The save checks both again, on what the body names. An anonymous caller's refusal
   * is a 401, as when the save itself refuses it.
   */
  async admit(principal: Principal | null, operation: LegacyOperation): Promise<void> {
    const caller = this.caller(principal);
    const { storage, permissions } = this.deps;
    try {
      if (!(await permissions.mayHoldAnywhere(storage.permissions, caller, 'WRITE'))) {
        throw new CmsError(Errors.PERMISSION_DENIED, {
          user: caller.user.userId,
          permission: 'WRITE',
          asset: 'any content type or item',
        });
      }
      if (operation.kind === 'action') {
        const action = await (await this.deps.definitions.in(storage)).action(operation.name);
        if (action) await checkWhoCanUse(storage, action, caller);
      }
    } catch (error) {
      throw isAnonymous(caller) ? anonymousRefusal(error) : error;
    }
  }

  async save<F extends { fileName: string }>(request: LegacySaveRequest<F>): Promise<LegacySaveResult> {
    const caller = this.caller(request.principal);
    try {
      return await this.saveAs(caller, request);
    } catch (error) {
      throw isAnonymous(caller) ? anonymousRefusal(error) : error;
    }
  }

  private async saveAs<F extends { fileName: string }>(
    caller: Principal,
    request: LegacySaveRequest<F>,
  ): Promise<LegacySaveResult> {
    const { storage, fireEngine } = this.deps;
    const definitions = await this.deps.definitions.in(storage);
    const { type, identifier } = await this.targetOf(definitions, request.form);
    const fields = await definitions.fields(type.id);
    const mapped = legacySubmission({ form: request.form, type, fields, files: request.files });
    const { submission } = mapped;
    if (isAnonymous(caller)) {
      // Refused before any value is read or file stored: the role may not write this type at all.
      await this.deps.permissions.for(definitions, caller).check({ kind: 'contentType', type }, 'WRITE');
      refuseQueries(fields, submission.values, mapped.relationshipQueries);
    }
    for (const related of mapped.relationshipQueries) await this.relateByQueries(caller, submission, related);
    const task = identifier
      ? await storage.tasks.find(identifier, submission.languageId ?? DEFAULT_LANGUAGE_ID)
      : undefined;
    const actionId = await resolveLegacyAction(
      request.operation,
      { type, submission, currentStepId: task?.stepId },
      { tx: storage, definitions, systemActions: this.deps.systemActions },
    );
    const result = await fireEngine.fire({
      actionId,
      principal: caller,
      submission,
      comment: request.comment ?? mapped.comment,
      assign: request.assign ?? mapped.assign,
      indexPolicy: request.indexPolicy,
      replaceAll: identifier !== undefined,
      requireSave: true,
    });
    return { identifier: result.identifier, inode: result.contentlet?.version.inode ?? '' };
  }

  /** The type saved: the one `contentType` names, or for an update the item's own. */
  private async targetOf(
    definitions: Definitions,
    form: LegacyForm,
  ): Promise<{ type: ContentType; identifier: string | undefined }> {
    const { contentType, identifier } = formTarget(form);
    if (identifier) {
      const found = await this.deps.storage.content.findIdentifier(identifier);
      if (!found) throw new CmsError(Errors.CONTENT_NOT_FOUND, { identifier });
      return { type: (await definitions.contentType(found.contentTypeId))!, identifier: found.identifier };
    }
    if (!contentType) throw new CmsError(Errors.CONTENT_TYPE_REQUIRED, undefined, { fieldName: 'contentType' });
    return { type: await requireContentType(definitions, contentType), identifier: undefined };
  }

  /**
   * Each query of a deprecated relationship key must match exactly one item; the items join the
   * field's. A query that does not is a problem of the key, answered with those of every field.
   * Queries match only what the caller may search, so the count says nothing of other items.
   */
  private async relateByQueries(
    caller: Principal,
    submission: ContentSubmission,
    related: RelationshipQueries,
  ): Promise<void> {
    const { field, key, queries } = related;
    const { values } = submission;
    const resolve = this.deps.relatedQuery;
    const items: string[] = [];
    const problems: ErrorDetail[] = [];
    for (const query of queries) {
      const found = resolve ? await resolve(query, field.relationType!, caller) : [];
      if (found.length === 1) items.push(found[0]!);
      else problems.push(detail(Errors.LEGACY_RELATIONSHIP_NOT_ONE, { relationship: key, count: found.length }, key));
    }
    if (problems.length > 0) submission.problems = [...(submission.problems ?? []), ...problems];
    const sent = values[field.variable];
    const before = Array.isArray(sent) ? sent.map(String) : typeof sent === 'string' && sent.trim() ? [sent] : [];
    values[field.variable] = [...before, ...items].join(',');
  }
}

/**
 * Anonymous callers relate by identifier only: a query would search as the `CMS Anonymous` role on
 * behalf of a save whose author nobody can tell apart from other anonymous callers.
 */
function refuseQueries(
  fields: readonly Field[],
  values: Readonly<Record<string, unknown>>,
  byName: readonly RelationshipQueries[],
): void {
  const asQuery = (value: unknown) => (Array.isArray(value) ? value : [value]).some((v) => String(v).includes(':'));
  const field = fields.find((f) => f.relationType && f.variable in values && asQuery(values[f.variable]));
  if (byName.length > 0 || field) {
    throw new CmsError(Errors.LEGACY_ANONYMOUS_REFUSED, {
      reason: 'relationships given as queries need a signed-in caller; give identifiers',
    });
  }
}
