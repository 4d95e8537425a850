import { defineErrors } from '../error-entry.js';

/** Copying, exporting, importing and reordering workflow schemes. */
export const workflowSchemeErrors = defineErrors('workflow schemes', {
  WORKFLOW_IMPORT_EXISTS: {
    kind: 'invalid',
    message: 'The {what} [{id}] already exists: import keeps the exported ids, so copy the scheme instead',
    meaning:
      'An import keeps the ids of the export; one of them (scheme, step or action) is already used in this installation.',
  },
  WORKFLOW_IMPORT_REFERENCE: {
    kind: 'invalid',
    message: 'The {what} [{id}] refers to {target} [{ref}], which is not in the import',
    meaning:
      'A step, action, link or actionlet of an import names a scheme, step or action that the import does not carry.',
  },
  WORKFLOW_IMPORT_EMPTY: {
    kind: 'invalid',
    message: 'The import holds no scheme',
    meaning: 'An import must carry at least one scheme in workflowObject.schemes.',
  },
  WORKFLOW_ORDER_INVALID: {
    kind: 'invalid',
    message: 'The order must be a number from 0',
    meaning: 'A reorder request gave no order, or one that is not a non-negative whole number.',
  },
  WORKFLOW_SCHEME_IDS_REQUIRED: {
    kind: 'invalid',
    message: 'Give the schemes as ids=<id>,<id>',
    meaning: 'The default actions of schemes were asked for without any scheme id.',
  },
});
