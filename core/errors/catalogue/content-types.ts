import { defineErrors } from '../error-entry.js';

/** Content types, their fields, and categories. */
export const contentTypeErrors = defineErrors('content types', {
  CONTENT_TYPE_NOT_FOUND: {
    kind: 'not_found',
    message: 'Content Type with id {type} not found',
    meaning: "No content type has this id or variable (the original's words).",
  },
  CONTENT_TYPE_NAME_REQUIRED: {
    kind: 'invalid',
    message: 'A content type needs a name',
    meaning: 'A content type was sent without a name.',
  },
  CONTENT_TYPE_VARIABLE_IMMUTABLE: {
    kind: 'invalid',
    message: 'The variable of a content type cannot be changed',
    meaning: "An update tried to change a content type's variable.",
  },
  CONTENT_TYPE_BASE_TYPE_IMMUTABLE: {
    kind: 'invalid',
    message: 'The base type of a content type cannot be changed',
    meaning: "An update tried to change a content type's class or base type.",
  },
  CONTENT_TYPE_UNDELETABLE: {
    kind: 'forbidden',
    message: 'Content type {type} is a fixed or system type and cannot be deleted',
    meaning: 'Fixed and system content types stay.',
  },
  CONTENT_TYPE_HAS_CONTENT: {
    kind: 'conflict',
    message: 'Content type {type} still has content; delete it with deleteContent=true to remove the content too',
    meaning: 'A type with items is deleted only when the caller asks for its content to go with it.',
  },
  CONTENT_TYPE_VARIABLE_INVALID: {
    kind: 'invalid',
    message: '"{variable}" is not a valid variable name (a letter, then letters, digits or _)',
    meaning: 'A content type variable is malformed.',
  },
  CONTENT_TYPE_VARIABLE_TAKEN: {
    kind: 'conflict',
    message: 'A content type with the variable {variable} already exists',
    meaning: 'Content type variables are unique, ignoring case.',
  },
  CONTENT_TYPE_WORKFLOW_UNKNOWN: {
    kind: 'not_found',
    message: 'Workflow Scheme [{scheme}] in Content Type [{type}] not found.',
    meaning: "A content type names a workflow scheme by an id or variable name no scheme has (the original's words).",
  },
  CONTENT_TYPE_HOST_UNKNOWN: {
    kind: 'invalid',
    message: 'Site {site} does not exist',
    meaning: 'The `host` of a content type names no site.',
  },
  CONTENT_TYPE_FILTER_TOO_MANY_SITES: {
    kind: 'invalid',
    message: 'Too many sites specified. Maximum {max} sites allowed per request.',
    meaning: 'The `sites` filter of a content-type listing names more sites than one request may.',
  },
  CONTENT_TYPE_CLASS_UNKNOWN: {
    kind: 'invalid',
    message: 'Unknown content type class {clazz}',
    meaning: 'The `clazz` of a content type is not one this service knows.',
  },
  CONTENT_TYPE_BASE_TYPE_UNKNOWN: {
    kind: 'invalid',
    message: 'Unknown base type {baseType}: use one of {baseTypes}',
    meaning: 'A listing was asked for a base type that does not exist.',
  },
  CONTENT_TYPE_CLASS_REQUIRED: {
    kind: 'invalid',
    message: 'A content type needs a clazz or a baseType (one of {baseTypes})',
    meaning: 'A content type was sent with neither `clazz` nor `baseType`.',
  },
  FIELD_REQUIRED: {
    kind: 'invalid',
    message: 'No field was sent for {type}',
    meaning: 'A request to add fields carried none.',
  },
  FIELD_NOT_FOUND: {
    kind: 'not_found',
    message: 'Field {field} not found in content type {type}',
    meaning: 'No field of the content type has this id or variable.',
  },
  FIELD_CLASS_IMMUTABLE: {
    kind: 'invalid',
    message: 'The class of a field cannot be changed',
    meaning: "An update tried to change a field's class.",
  },
  FIELD_VARIABLE_IMMUTABLE: {
    kind: 'invalid',
    message: 'The variable of a field cannot be changed',
    meaning: "An update tried to change a field's variable.",
  },
  FIELD_DATA_TYPE_UNSUPPORTED: {
    kind: 'invalid',
    message: 'A {clazz} does not take the dataType {dataType}; it takes {dataTypes}',
    meaning:
      "The field's `dataType` is not one its class stores (a Text field takes TEXT, LONG_TEXT, INTEGER or FLOAT).",
  },
  FIELD_DATA_TYPE_IMMUTABLE: {
    kind: 'invalid',
    message: 'The dataType of a field cannot be changed',
    meaning: "An update tried to change a field's data type: the values already stored are of the old one.",
  },
  FIELD_FIXED: {
    kind: 'invalid',
    message: 'Field {field} is fixed and cannot be deleted',
    meaning: 'Fixed fields stay.',
  },
  FIELD_CLASS_REQUIRED: {
    kind: 'invalid',
    message: 'Field {position} has no clazz',
    meaning: 'A field was sent without its class.',
  },
  FIELD_CLASS_UNKNOWN: {
    kind: 'invalid',
    message: 'Unknown field class {clazz}',
    meaning: 'No installed field-type plugin has this class.',
  },
  FIELD_NAME_REQUIRED: {
    kind: 'invalid',
    message: 'Field {position} has no name',
    meaning: 'A field was sent with neither name nor variable.',
  },
  FIELD_VARIABLE_INVALID: {
    kind: 'invalid',
    message: '"{variable}" is not a valid variable name (a letter, then letters, digits or _)',
    meaning: 'A field variable is malformed.',
  },
  FIELD_VARIABLE_TAKEN: {
    kind: 'conflict',
    message: 'The content type already has a field with the variable {variable}',
    meaning: 'Field variables are unique within a content type, ignoring case.',
  },
  FIELD_REGEX_INVALID: {
    kind: 'invalid',
    message: 'regexCheck of {field} is not a valid regular expression',
    meaning: "A field's `regexCheck` does not compile.",
  },
  FIELD_DEFINITION_INVALID: {
    kind: 'invalid',
    message: '{field}: {problem}',
    meaning: "The field type refuses the field's definition (its values, its relationship, ...).",
  },
  FIELD_VARIABLE_KEY_REQUIRED: {
    kind: 'invalid',
    message: 'Every field variable needs a key',
    meaning: 'An entry of `fieldVariables` has no key.',
  },
  FIELD_VARIABLE_NOT_FOUND: {
    kind: 'not_found',
    message: 'Field variable with id:{id} not found',
    meaning: "The field has no variable with this id (the original's words).",
  },
  FIELD_VARIABLE_ID_NOT_ALLOWED: {
    kind: 'invalid',
    message: "Field 'id' should not be set",
    meaning: "A new field variable was sent with an id: the service chooses it (the original's words).",
  },
  FIELD_VARIABLE_ID_REQUIRED: {
    kind: 'invalid',
    message: "Field 'id' should be set",
    meaning: "A field variable's update was sent without its id (the original's words).",
  },
  FIELD_VARIABLE_ID_MISMATCH: {
    kind: 'invalid',
    message: "Field variable id '{pathId}' does not match a field variable with id '{bodyId}'",
    meaning: "The id in the body of a field variable's update is not the one in its path (the original's words).",
  },
  FIELD_VARIABLE_FIELD_MISMATCH: {
    kind: 'invalid',
    message: "Field fieldId '{fieldId}' does not match a field with id '{field}'",
    meaning: "A field variable's `fieldId` names another field than its path (the original's words).",
  },
  FIELD_VARIABLE_KEY_TAKEN: {
    kind: 'invalid',
    message: 'The field already has a variable with key {key}',
    meaning: "A field variable's key is unique within its field.",
  },
  FIELD_LAYOUT_INVALID: {
    kind: 'invalid',
    message: 'The field layout is not valid: {problem}',
    meaning: 'A layout sent to `fields/move` does not describe the rows, columns and fields of the type.',
  },
  FIELD_FILTER_UNKNOWN: {
    kind: 'invalid',
    message: 'Unknown field filter {filter}: use REQUIRED, USER_SEARCHABLE, SYSTEM_INDEXED, SHOW_IN_LIST or UNIQUE',
    meaning: '`allfields` was asked to filter by a criterion it does not know.',
  },
  CATEGORY_NAME_REQUIRED: {
    kind: 'invalid',
    message: 'A category needs a name',
    meaning: 'A category was sent without a name.',
  },
  CATEGORY_PARENT_UNKNOWN: {
    kind: 'invalid',
    message: 'Parent category {parent} does not exist',
    meaning: 'The parent of a new category names no category.',
  },
  CATEGORY_VARIABLE_INVALID: {
    kind: 'invalid',
    message: '"{variable}" is not a valid variable name',
    meaning: 'A category variable is malformed.',
  },
  CATEGORY_NOT_FOUND: {
    kind: 'not_found',
    message: 'Category {category} not found',
    meaning: 'No category has this inode, key or variable.',
  },
});
