import type { Principal } from '../auth/principal.js';
import type { ErrorDetail } from '../errors/index.js';
import type { Contentlet } from '../model/contentlet.js';
import type { SpooledFile } from '../plugin/spooled-file.js';

/*
 * What the content service takes and answers: a submission of field values, the item to act on,
 * and the options and result of a save.
 */

export interface ContentSubmission {
  /** Variable or id of the content type (required for new items). */
  contentType?: string;
  /** Present: a new version of that item. */
  identifier?: string;
  languageId?: number;
  /** Field values by variable: JSON values or the legacy string formats. */
  values: Record<string, unknown>;
  /**
   * Files sent without a field (multipart `file` parts): each goes to the next Binary field given
   * none. In memory, or spooled to disk by the host (`file`, see `SpooledFile`).
   */
  uploads?: ReadonlyArray<{ fileName: string; content: Uint8Array } | { fileName: string; file: SpooledFile }>;
  /**
   * Problems the caller found in what was sent before the values are parsed (a relationship query
   * matching several items): answered with the problems of every field, and nothing is saved.
   */
  problems?: readonly ErrorDetail[];
}

/**
 * An item to act on: its identifier, or the item itself as the caller's transaction last saw it
 * (which spares a read).
 */
export type ItemRef = string | Contentlet;

export interface SaveResult {
  contentlet: Contentlet;
  /** Notes for the caller (unknown members that were ignored). */
  messages: string[];
}

export interface SaveOptions {
  userId: string;
  /**
   * Who saves, when a caller does: relationship values given as Lucene queries resolve to what this
   * caller may search. Without one they are not resolved.
   */
  caller?: Principal;
  /** Fields not sent are removed (the legacy update semantics) instead of kept. */
  replaceAll?: boolean;
  /** A draft may still miss required values; every other check applies. */
  draft?: boolean;
  /**
   * An item not found under `submission.identifier` is created with that identifier instead of
   * refused: an item received from another instance keeps the identifier it has there.
   */
  createWithIdentifier?: boolean;
}

/** A copy of the submission with one field value set (what the Set Value actionlet does before a save). */
export function setFieldValue(submission: ContentSubmission, variable: string, value: unknown): ContentSubmission {
  return { ...submission, values: { ...submission.values, [variable]: value } };
}
