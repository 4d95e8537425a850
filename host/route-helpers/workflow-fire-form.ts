import { Type, type Static } from '@sinclair/typebox';
import type { ContentSubmission } from '../../core/content/content-service.js';
import { CmsError, Errors } from '../../core/errors/index.js';
import type { FireRequest, FireResult } from '../../core/workflow/fire-engine.js';
import { parseIndexPolicy, type IndexPolicy } from '../../core/search/index-policy.js';
import type { MultipartFile } from '../http/multipart-form.js';
import { INVALID_AS } from '../http/request-reader.js';
import type { AnyRoute } from '../http/route.js';
import { ContentletSchema, contentletView } from '../views/contentlet-view.js';

/*
 * What the fire endpoints share: the fire body (JSON, or multipart with files), the query naming
 * the item, and how a body becomes a content submission.
 */

export const FormData = Type.Record(Type.String({ maxLength: 255 }), Type.Unknown(), { maxProperties: 1000 });
export const FireBody = Type.Object({
  contentletFormData: Type.Optional(FormData),
  contentlet: Type.Optional(FormData),
  comments: Type.Optional(Type.String({ maxLength: 65_535 })),
  assign: Type.Optional(Type.String({ maxLength: 255 })),
});
/** What a fire takes, for the OpenAPI document: the same members as JSON, or as parts of a multipart form. */
export const FIRE_BODY_TYPES = {
  'application/json': FireBody,
  'multipart/form-data': Type.Object(
    { json: Type.Optional(Type.String({ description: 'The JSON body (contentletFormData, comments, assign)' })) },
    { description: 'The JSON in a `json` part; other text parts are members beside it; file parts are the files' },
  ),
};

/** The fired item's version, or, when the action deleted it, its identifier. */
/** A fire's answer: the fired version, or the identifier of the item the action deleted. */
const FireAnswerSchema = Type.Union([
  ContentletSchema,
  Type.Object({ identifier: Type.String(), deleted: Type.Literal(true) }),
]);

export const FIRE_RESPONSE = { schema: FireAnswerSchema };

export type FireForm = {
  contentletFormData?: Record<string, unknown>;
  contentlet?: Record<string, unknown>;
  /** The file parts of a multipart fire, spooled to disk: only the multipart reader fills this. */
  files?: readonly MultipartFile[];
};

const languageNotFound = (fieldName: string) => new CmsError(Errors.LANGUAGE_NOT_FOUND, undefined, { fieldName });

/** Which item to fire on, when the body does not say: `inode`, or `identifier` with `language`. */
export const FireQuery = Type.Object({
  inode: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  identifier: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  language: Type.Optional(Type.Integer({ minimum: 0, maximum: 999_999_999, [INVALID_AS]: languageNotFound })),
  indexPolicy: Type.Optional(Type.String({ maxLength: 20 })),
});
export type FireQuery = { inode?: string; identifier?: string; language?: number; indexPolicy?: string };

/** How long the answer waits for the search index: the query's `indexPolicy`, else the form's. */
export function indexPolicyOf(body: FireForm | undefined, query: FireQuery): IndexPolicy | undefined {
  if (query.indexPolicy !== undefined) return parseIndexPolicy(query.indexPolicy);
  return parseIndexPolicy((body?.contentletFormData ?? body?.contentlet)?.indexPolicy);
}

/**
 * `contentletFormData` (or `contentlet`) as a submission; `identifier`, `languageId` and the type
 * (`contentType`, `stInode` or `stName`) are members of it.
 */
export function submissionOf(body: FireForm | undefined, query: FireQuery): ContentSubmission | undefined {
  const sent = body?.contentletFormData ?? body?.contentlet;
  if (!sent && !body?.files?.length) return undefined;
  const { form, uploads } = withFiles(sent ?? {}, body?.files ?? []);
  // The form is free-form (one member per field), so its languageId is checked here, as the query's is.
  const languageId = form.languageId ?? query.language;
  if (languageId !== undefined && !/^\d{1,9}$/.test(String(languageId))) throw languageNotFound('languageId');
  const { contentType, stInode, stName, identifier, inode: _inode, languageId: _lang, ...values } = form;
  // The original names the type by `stInode` (its id), else `stName` (its variable), else `contentType`.
  const typeName = [stInode, stName, contentType].find(
    (name): name is string => typeof name === 'string' && name !== '',
  );
  return {
    contentType: typeName,
    identifier: typeof identifier === 'string' && identifier !== '' ? identifier : query.identifier,
    languageId: languageId === undefined ? undefined : Number(languageId),
    values,
    uploads,
  };
}

/**
 * The version a fire names: the query's `inode`, else the `inode` member of the form, where the
 * original's clients also send it when they edit an item.
 */
export function targetInodeOf(body: FireForm | undefined, query: FireQuery): string | undefined {
  if (query.inode !== undefined) return query.inode;
  const inode = (body?.contentletFormData ?? body?.contentlet)?.inode;
  return typeof inode === 'string' && inode !== '' ? inode : undefined;
}

/**
 * What a fire takes from its body and query besides the action: the version it names, the values
 * sent, the comment, the assignee and how long the answer waits for the index.
 */
export function fireRequestOf(
  body: (FireForm & { comments?: string; assign?: string }) | undefined,
  query: FireQuery,
): Omit<FireRequest, 'actionId' | 'principal'> {
  return {
    inode: targetInodeOf(body, query),
    submission: submissionOf(body, query),
    comment: body?.comments,
    assign: body?.assign,
    indexPolicy: indexPolicyOf(body, query),
  };
}

/**
 * The files of a multipart fire placed in the form: a part named after a field goes to that field;
 * parts named `file` go, in order, to the fields `binaryFields` (or `binary_fields`) lists, and the
 * rest to the type's Binary fields that got no file, in their order.
 */
function withFiles(sent: Record<string, unknown>, files: readonly MultipartFile[]) {
  const { binaryFields, binary_fields: legacyList, ...rest } = sent;
  // Without a prototype, so that a part named `__proto__` is a member like any other.
  const form = Object.assign(Object.create(null) as Record<string, unknown>, rest);
  const listed = listOf(binaryFields ?? legacyList);
  const uploads: Array<{ fileName: string; file: MultipartFile }> = [];
  let next = 0;
  for (const file of files) {
    // The spooled file itself: the Binary field stores it by copying, never reading it whole.
    const upload = { fileName: file.fileName, file };
    const target = file.name === 'file' ? listed[next++] : file.name;
    if (target) form[target] = upload;
    else uploads.push(upload);
  }
  return { form, uploads };
}

function listOf(value: unknown): string[] {
  const items = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return items.map((item) => String(item).trim()).filter(Boolean);
}

/** The answer of a fire: the fired item's version, or, when the action deleted it, its identifier. */
export function fireAnswerBody(
  { identifier, contentlet, type, fields }: FireResult,
  typeOf: Parameters<typeof contentletView>[1],
): Static<typeof FireAnswerSchema> {
  if (!contentlet) return { identifier, deleted: true };
  return contentletView({ contentlet, type, fields }, typeOf);
}

/**
 * The original also answers its multipart fires on `.../firemultipart` paths (aliases it made for
 * its API browser); the same route under that path.
 */
export function multipartAlias(fire: AnyRoute, path: string): AnyRoute {
  const definition = fire as unknown as { path: string; summary: string };
  return {
    ...definition,
    path,
    summary: `${definition.summary} (the original's multipart path)`,
  } as unknown as AnyRoute;
}
