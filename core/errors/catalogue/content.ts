import { defineErrors } from '../error-entry.js';

/** Versioned content. */
export const contentErrors = defineErrors('content', {
  CONTENT_NOT_FOUND: {
    kind: 'not_found',
    message: 'Content {identifier} not found',
    meaning: 'No item has this identifier.',
  },
  FILE_NOT_FOUND: {
    kind: 'not_found',
    message: 'This URL does not exist',
    meaning:
      'No published file answers this path on the site (or this short asset URL): no such path, a page or other content at it, no live version in the language asked for, or a path that could never name a file. Which of these is not said.',
  },
  CONTENT_VERSION_NOT_FOUND: {
    kind: 'not_found',
    message: "Contentlet identified by inode '{inode}' was Not found.",
    meaning: "No version has this inode (the original's words).",
  },
  CONTENT_ID_NOT_FOUND: {
    kind: 'not_found',
    message: 'The contentlet {id} and language {languageId} does not exist',
    meaning:
      "No item (by identifier, in that language) or version (by inode) the caller may read has this id: the original's words on its v1 content endpoints (locks).",
  },
  CONTENT_VERSION_MISSING: {
    kind: 'not_found',
    message: 'Content {identifier} has no {mode} version in language {languageId}',
    meaning: 'The item exists but not in the requested state (live or working) and language.',
  },
  CONTENT_ARCHIVED: {
    kind: 'invalid',
    message: 'Archived content cannot be {operation}; unarchive it first',
    meaning: 'Archived items are neither edited nor published.',
  },
  CONTENT_NOT_ARCHIVED: {
    kind: 'invalid',
    message: 'The content is not archived',
    meaning: 'Only archived items can be unarchived or deleted.',
  },
  CONTENT_LOCKED: {
    kind: 'conflict',
    message: 'The content is locked by {user}',
    meaning: "Another user holds the item's lock.",
  },
  CONTENT_INVALID: {
    kind: 'invalid',
    message: '{problems}',
    meaning:
      'Field values are refused; `errors` lists each problem with its field (`required`, `badType`, `unique`, `pattern`).',
  },
  CONTENT_TYPE_REQUIRED: {
    kind: 'invalid',
    message: 'contentType is required for new content',
    meaning: 'New content must name its content type.',
  },
  CONTENT_TYPE_MISMATCH: {
    kind: 'invalid',
    message: 'The content type of an existing item cannot be changed',
    meaning: "An update named another content type than the item's.",
  },
  CONTENT_LIVE_INVALID: {
    kind: 'invalid',
    message: 'live must be true or false',
    meaning: 'The `live` option is not a boolean.',
  },
  CONTENT_UNIQUE_VALUE_TAKEN: {
    kind: 'conflict',
    message: 'Another content item already holds this value',
    meaning: "A unique field's value was claimed by another item at the same moment.",
  },
});

/**
 * Per-field problems of content, in the original's codes; they appear in `errors` of
 * `CONTENT_INVALID` (and of `WORKFLOW_ACTIONLET_PARAMETER_REQUIRED`), never as a top-level code.
 */
export const fieldProblemErrors = defineErrors('field problems', {
  required: { kind: 'invalid', message: '{field} is required', meaning: 'A required value is missing.' },
  badType: {
    kind: 'invalid',
    message: '{field}: {problem}',
    meaning: 'A value cannot be read as its field type; also a body member of the wrong type.',
  },
  unique: {
    kind: 'invalid',
    message: '{what} must be unique; another item already has this value',
    meaning: 'A unique value, or a file or page path on a site, is taken.',
  },
  pattern: {
    kind: 'invalid',
    message: '{field} does not match the pattern {pattern}',
    meaning: "A value does not match its field's `regexCheck`.",
  },
});
