import { defineProperties } from '../../../core/plugin/kit.js';

/** What the Google-shaped translation provider reads. */
export const GOOGLE_TRANSLATION_PROPERTIES = defineProperties({
  'translation.google.base.url': {
    default: 'https://translation.googleapis.com',
    group: 'Workflow',
    description:
      'Base URL of the Google Cloud Translation API (v2) that Translate Content calls (`<base>/language/translate/v2`), for proxies and tests.',
  },
  'translation.google.api.key': {
    default: '',
    secret: true,
    group: 'Workflow',
    description:
      'API key of the Google Cloud Translation API, used when a Translate Content association gives none in its `apiKey` parameter.',
  },
  'translation.google.allow.private': {
    type: 'bool',
    default: false,
    group: 'Workflow',
    description:
      'Let the translation provider call a base URL on a private-network address (loopback, RFC 1918, link-local): for a proxy inside the network, or tests.',
  },
});
