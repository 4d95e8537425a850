import { defineErrors } from '../error-entry.js';

const OWN_CODE =
  ' A plugin may answer a code of its own instead (SCREAMING_SNAKE, documented by the plugin), with the same status.';

/**
 * What a plugin (an auth scheme, a field type, an actionlet, a driver) refuses, through the error
 * classes of the plugin kit. The message is the plugin's, word for word.
 */
export const pluginErrors = defineErrors('plugin', {
  PLUGIN_INVALID: {
    kind: 'invalid',
    message: '{message}',
    meaning: `A plugin refused the request's input; \`fieldName\` names the field or parameter when the plugin said.${OWN_CODE}`,
  },
  PLUGIN_UNAUTHENTICATED: {
    kind: 'unauthenticated',
    message: '{message}',
    meaning: `An auth scheme refused the credential the request carries (an unknown API key, an expired token).${OWN_CODE}`,
  },
  PLUGIN_FORBIDDEN: {
    kind: 'forbidden',
    message: '{message}',
    meaning: `A plugin refused the caller what was asked.${OWN_CODE}`,
  },
  PLUGIN_NOT_FOUND: {
    kind: 'not_found',
    message: '{message}',
    meaning: `A plugin found nothing for what the request names.${OWN_CODE}`,
  },
  PLUGIN_CONFLICT: {
    kind: 'conflict',
    message: '{message}',
    meaning: `A plugin refused a change that conflicts with the state of the data.${OWN_CODE}`,
  },
  PLUGIN_UNAVAILABLE: {
    kind: 'unavailable',
    message: '{message}',
    meaning: `Something a plugin depends on cannot be reached; \`Retry-After\` says when to try again when the plugin knows.${OWN_CODE}`,
  },
});
