import { defineProperties } from '../../core/config/properties.js';
import { ANALYTICS_PROPERTIES } from './properties/analytics-properties.js';
import { AUTH_PROPERTIES } from './properties/auth-properties.js';
import { CONTENT_PROPERTIES } from './properties/content-properties.js';
import { SEARCH_PROPERTIES } from './properties/search-properties.js';
import { SERVER_PROPERTIES } from './properties/server-properties.js';
import { WORKFLOW_PROPERTIES } from './properties/workflow-properties.js';
import { WEBSOCKET_PROPERTIES } from '../websocket/websocket-properties.js';

export { PUBLIC_SIGNING_KEY } from './properties/auth-properties.js';

/**
 * The host's own configuration properties: what it listens on, logs, and which plugins it resolves.
 * Declared by area, one file each; the configuration reference lists them by their `group`.
 */
export const HOST_PROPERTIES = defineProperties({
  ...SERVER_PROPERTIES,
  ...SEARCH_PROPERTIES,
  ...ANALYTICS_PROPERTIES,
  ...CONTENT_PROPERTIES,
  ...AUTH_PROPERTIES,
  ...WORKFLOW_PROPERTIES,
  ...WEBSOCKET_PROPERTIES,
});
