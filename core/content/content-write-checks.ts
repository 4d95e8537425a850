import { requireContentType, type Definitions } from '../definitions/definition-cache.js';
import { CmsError, detail, type ErrorDetail, Errors } from '../errors/index.js';
import type { ContentType } from '../model/content-type.js';
import type { ContentIdentifier, ContentState } from '../model/contentlet.js';
import type { Field } from '../model/field.js';
import { DEFAULT_LANGUAGE_ID } from '../model/language.js';
import type { Repositories } from '../plugin/storage/index.js';
import type { SettledPlacement } from './content-folder.js';
import type { FieldValues } from './content-validator.js';

/* The checks a save makes before it writes a version, and the write of its path. */

export async function typeFor(
  definitions: Definitions,
  wanted: string | undefined,
  currentTypeId: string | undefined,
): Promise<ContentType> {
  if (!wanted)
    throw new CmsError(Errors.CONTENT_TYPE_REQUIRED, undefined, {
      fieldName: 'contentType',
    });
  const type = await requireContentType(definitions, wanted);
  if (currentTypeId && type.id !== currentTypeId)
    throw new CmsError(Errors.CONTENT_TYPE_MISMATCH, undefined, {
      fieldName: 'contentType',
    });
  return type;
}

export async function checkLanguage(definitions: Definitions, languageId: number | undefined): Promise<number> {
  const id = languageId ?? DEFAULT_LANGUAGE_ID;
  if (!Number.isInteger(id) || !(await definitions.language(id))) {
    throw new CmsError(Errors.LANGUAGE_NOT_FOUND, undefined, {
      fieldName: 'languageId',
    });
  }
  return id;
}

/**
 * Runs an identifier write whose path the unique index may refuse (another save claimed it since it
 * was checked): that is CONTENT_PATH_TAKEN, not the storage's generic duplicate.
 */
export async function claimingPath(identifier: ContentIdentifier, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (!(error instanceof CmsError) || error.code !== Errors.RECORD_NOT_UNIQUE.code) throw error;
    const path = `${identifier.parentPath.replace(/\/$/, '')}/${identifier.assetName ?? ''}`;
    throw new CmsError(Errors.CONTENT_PATH_TAKEN, { path, holder: 'another item' }, { cause: error });
  }
}

/** A checked submission, ready to be written. */
export interface VersionWrite {
  type: ContentType;
  fields: readonly Field[];
  existing: ContentIdentifier | undefined;
  state: ContentState | undefined;
  identifier: string;
  languageId: number;
  placement: SettledPlacement;
  parsed: FieldValues;
  userId: string;
  sortOrder: number;
}

/** Unique values another item already holds, as `unique` problems (paths are settled by `settlePlacement`). */
export async function takenValues(
  tx: Repositories,
  { parsed, identifier, languageId }: { parsed: FieldValues; identifier: string; languageId: number },
): Promise<ErrorDetail[]> {
  const problems: ErrorDetail[] = [];
  for (const claim of parsed.uniqueClaims) {
    const holder = await tx.content.findUniqueHolder(claim.field.id, languageId, claim.valueHash);
    if (holder && holder !== identifier)
      problems.push(detail(Errors.unique, { what: claim.field.name }, claim.field.variable));
  }
  return problems;
}
