import type { ContentService, ContentSubmission } from '../content/content-service.js';
import { requireContentType, type Definitions } from '../definitions/definition-cache.js';
import { CmsError, Errors } from '../errors/index.js';
import type { ContentType } from '../model/content-type.js';
import type { ContentIdentifier, Contentlet } from '../model/contentlet.js';
import { DEFAULT_LANGUAGE_ID } from '../model/language.js';
import type { WorkflowTask } from '../model/workflow.js';
import type { Repositories } from '../plugin/storage/index.js';

/** Where the item a fire acts on stands before the fire. */
export interface FireItem {
  /** Null for new content. */
  identifier: string | null;
  languageId: number;
  type: ContentType;
  current: Contentlet | undefined;
  /** The existing item named by identifier, also when it has no version in the fire's language. */
  found?: ContentIdentifier;
  task: WorkflowTask | undefined;
}

export interface ItemLocator {
  /** Fire on this version's item. */
  inode?: string;
  /** New content, or new values for existing content (when it carries `identifier`). */
  submission?: ContentSubmission;
}

/** The answer for an item the request names that does not exist: also that of one the caller may not read. */
export function unknownItem(request: ItemLocator): CmsError {
  if (request.inode) return new CmsError(Errors.CONTENT_VERSION_NOT_FOUND, { inode: request.inode });
  return new CmsError(Errors.CONTENT_NOT_FOUND, { identifier: request.submission?.identifier ?? '' });
}

/** Finds the item a fire names: a version by inode, an existing item by identifier, or new content of a type. */
export async function locateItem(
  tx: Repositories,
  definitions: Definitions,
  content: ContentService,
  request: ItemLocator,
): Promise<FireItem> {
  if (request.inode) {
    const current = await content.getByInode(tx, request.inode);
    const { identifier } = current.identifier;
    const languageId = current.version.languageId;
    const type = (await definitions.contentType(current.identifier.contentTypeId))!;
    return { identifier, languageId, type, current, task: await tx.tasks.find(identifier, languageId) };
  }
  const submission = request.submission;
  if (!submission) {
    throw new CmsError(Errors.WORKFLOW_FIRE_NO_CONTENT);
  }
  const languageId = submission.languageId ?? DEFAULT_LANGUAGE_ID;
  if (submission.identifier) {
    const ident = await tx.content.findIdentifier(submission.identifier);
    if (!ident) throw new CmsError(Errors.CONTENT_NOT_FOUND, { identifier: submission.identifier });
    const type = (await definitions.contentType(ident.contentTypeId))!;
    const current = (await tx.content.findState(ident.identifier, languageId))
      ? await content.get(tx, ident.identifier, { languageId })
      : undefined;
    return {
      identifier: ident.identifier,
      languageId,
      type,
      current,
      found: ident,
      task: await tx.tasks.find(ident.identifier, languageId),
    };
  }
  if (!submission.contentType) {
    throw new CmsError(Errors.CONTENT_TYPE_REQUIRED, undefined, {
      fieldName: 'contentType',
    });
  }
  const type = await requireContentType(definitions, submission.contentType);
  return { identifier: null, languageId, type, current: undefined, task: undefined };
}
