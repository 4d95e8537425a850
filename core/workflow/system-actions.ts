import type { ContentSubmission } from '../content/content-service.js';
import { InvalidInputError, NotFoundError } from '../errors.js';
import { SYSTEM_WORKFLOW_ID, type ContentType } from '../model/content-type.js';
import type { Repositories } from '../plugin/storage-driver.js';
import { SYSTEM_ACTIONS } from './system-workflow.js';

/** Lifecycle verbs clients fire without knowing action ids. */
export const SYSTEM_ACTION_NAMES = ['NEW', 'EDIT', 'PUBLISH', 'UNPUBLISH', 'ARCHIVE', 'UNARCHIVE', 'DELETE', 'DESTROY'] as const;
export type SystemActionName = (typeof SYSTEM_ACTION_NAMES)[number];

const SYSTEM_WORKFLOW_MAPPING: Record<SystemActionName, string> = {
  NEW: SYSTEM_ACTIONS.save.id,
  EDIT: SYSTEM_ACTIONS.save.id,
  PUBLISH: SYSTEM_ACTIONS.publish.id,
  UNPUBLISH: SYSTEM_ACTIONS.unpublish.id,
  ARCHIVE: SYSTEM_ACTIONS.archive.id,
  UNARCHIVE: SYSTEM_ACTIONS.unarchive.id,
  DELETE: SYSTEM_ACTIONS.delete.id,
  DESTROY: SYSTEM_ACTIONS.destroy.id,
};

/**
 * The action a system action stands for, for the item's content type.
 * NOTE: mappings are those of the System Workflow; per-scheme and per-type overrides are not stored yet.
 */
export async function systemActionFor(tx: Repositories, name: string, target: { inode?: string; submission?: ContentSubmission }): Promise<string> {
  const verb = name.toUpperCase() as SystemActionName;
  if (!SYSTEM_ACTION_NAMES.includes(verb)) {
    throw new InvalidInputError('WORKFLOW_SYSTEM_ACTION_UNKNOWN', `Unknown system action ${name}; one of ${SYSTEM_ACTION_NAMES.join(', ')}`);
  }
  const type = await typeOf(tx, target);
  if (!type.workflows.includes(SYSTEM_WORKFLOW_ID)) {
    throw new InvalidInputError('WORKFLOW_SYSTEM_ACTION_UNMAPPED', `No action is mapped to ${verb} for the content type ${type.variable}`);
  }
  return SYSTEM_WORKFLOW_MAPPING[verb];
}

async function typeOf(tx: Repositories, target: { inode?: string; submission?: ContentSubmission }): Promise<ContentType> {
  let typeId: string | undefined;
  if (target.inode) {
    const version = await tx.content.findVersion(target.inode);
    if (!version) throw new NotFoundError('CONTENT_NOT_FOUND', `Content version ${target.inode} not found`);
    typeId = (await tx.content.findIdentifier(version.identifier))?.contentTypeId;
  } else if (target.submission?.identifier) {
    const ident = await tx.content.findIdentifier(target.submission.identifier);
    if (!ident) throw new NotFoundError('CONTENT_NOT_FOUND', `Content ${target.submission.identifier} not found`);
    typeId = ident.contentTypeId;
  } else {
    typeId = target.submission?.contentType;
  }
  if (!typeId) throw new InvalidInputError('WORKFLOW_FIRE_NO_CONTENT', 'Send contentletFormData (or contentlet), or the query parameter inode');
  const type = (await tx.contentTypes.findById(typeId)) ?? (await tx.contentTypes.findByVariable(typeId));
  if (!type) throw new NotFoundError('CONTENT_TYPE_NOT_FOUND', `Content Type with id ${typeId} not found`);
  return type;
}
