import { defineErrors } from '../error-entry.js';

/** The legacy content save (`PUT|POST /api/content/{operation}/1`, deprecated). */
export const legacyContentErrors = defineErrors('legacy content save', {
  LEGACY_OPERATION_MISSING: {
    kind: 'invalid',
    message:
      'The URL names no operation: use /api/content/save/1, /api/content/publish/1 or /api/content/<action name or id>/1',
    meaning: 'A legacy save URL must name an operation followed by a value segment (`/save/1`).',
  },
  LEGACY_ACTION_NOT_FOUND: {
    kind: 'not_found',
    message: 'No workflow action [{action}] in the schemes of content type {type}',
    meaning:
      "The action named in the URL is neither the id nor the name (any case) of an action of the content type's schemes.",
  },
  LEGACY_BODY_NOT_OBJECT: {
    kind: 'invalid',
    message: 'The {format} body must hold one object of field values',
    meaning: 'A JSON body must be an object; an array, a number or a string names no fields.',
  },
  LEGACY_XML_UNREADABLE: {
    kind: 'invalid',
    message: 'The XML could not be read: {problem}',
    meaning:
      'An XML body (or `xml` part) is not well-formed, has another root element than `content`, nests elements deeper than `content` and one element per field, has a tag longer than 1024 characters, or declares a DOCTYPE or entities, which are never read.',
  },
  LEGACY_BODY_TOO_MANY_VALUES: {
    kind: 'too_large',
    message: 'The body holds more than {limit} values (legacy.content.max.values)',
    meaning:
      'A legacy save sends more values than `legacy.content.max.values`: each member counts, each value of a key sent more than once, each element of an XML body, each member and item of a JSON body at any depth, each text part of a multipart body. Nothing was saved.',
  },
  LEGACY_BINARY_FIELDS_MISMATCH: {
    kind: 'invalid',
    message:
      'binary_fields lists {listed} field(s) but {files} file(s) were sent: it must list one Binary field per file, in file order',
    meaning:
      'With several files (or with `binary_fields` at all) the list must name exactly as many Binary fields as there are file parts.',
  },
  LEGACY_BINARY_FIELD_UNKNOWN: {
    kind: 'invalid',
    message: '{name} is not a Binary field of {type}',
    meaning:
      '`binary_fields` names a field the content type does not have, a field of another type, or one field twice.',
  },
  LEGACY_NO_BINARY_FIELD: {
    kind: 'invalid',
    message: 'A file was sent but content type {type} has no Binary field',
    meaning: 'File parts need a Binary field to go to.',
  },
  LEGACY_RELATIONSHIP_NOT_ONE: {
    kind: 'invalid',
    message: 'The query for relationship {relationship} must match exactly one item; it matched {count}',
    meaning:
      'A relationship keyed by its relationship name takes one Lucene query per related item, and each must match exactly one item.',
  },
  LEGACY_ANONYMOUS_REFUSED: {
    kind: 'unauthenticated',
    message: 'Invalid User: {reason}',
    meaning:
      'An anonymous save was refused: CONTENT_APIS_ALLOW_ANONYMOUS is not WRITE, REST_API_REJECT_WITH_NO_USER is not false, or the CMS Anonymous role lacks a permission the save needs (Add on the site, Edit on the type, Publish to publish).',
  },
});
