import { defineErrors } from '../error-entry.js';

/** The navigation tree (`GET /api/v1/nav/{uri}`). */
export const navigationErrors = defineErrors('navigation', {
  NAV_URL_NOT_FOUND: {
    kind: 'not_found',
    message: 'This URL does not exist',
    meaning:
      "The navigation root names no folder of the site (a page's path is not a folder either), as the original answers it.",
  },
  NAV_DEPTH_INVALID: {
    kind: 'invalid',
    message: 'Invalid value for Depth. Depth must be a number',
    meaning: "The navigation `depth` is not a whole number (the original's words).",
  },
  NAV_DEPTH_OUT_OF_RANGE: {
    kind: 'invalid',
    message: 'Invalid value for Depth. Depth must be from 1 to {max}',
    meaning:
      'The navigation `depth` is below 1 or above the bound that keeps one request from walking an unbounded tree (see docs/site-tree.md).',
  },
  NAV_LANGUAGE_ID_INVALID: {
    kind: 'invalid',
    message: 'Invalid value for languageId. languageId must be a number',
    meaning: 'The navigation `languageId` (or `language_id`) is not a whole number.',
  },
});
