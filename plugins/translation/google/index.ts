import {
  PLUGIN_API_VERSION,
  definePlugin,
  readProperties,
  type OutboundHttpClients,
} from '../../../core/plugin/kit.js';
import { googleTranslation } from './google-translation.js';
import { GOOGLE_TRANSLATION_PROPERTIES } from './properties.js';

/** Only a host that gives no outbound clients (a test setting the plugin up by hand) meets this. */
const NO_OUTBOUND: OutboundHttpClients = {
  client: () => ({ request: () => Promise.reject(new Error('this host gives no outbound HTTP client')) }),
};

/** The Google Cloud Translation provider (`translation.provider=google`, the default). */
export default definePlugin({
  name: 'translation-google',
  apiVersion: PLUGIN_API_VERSION,
  description: 'Machine translation through the Google Cloud Translation API (v2)',
  properties: GOOGLE_TRANSLATION_PROPERTIES,
  setup: ({ config, outbound = NO_OUTBOUND }) => {
    const properties = readProperties(config, GOOGLE_TRANSLATION_PROPERTIES);
    return {
      translationProviders: [
        googleTranslation({
          http: outbound.client({ allowPrivate: properties['translation.google.allow.private'] }),
          baseUrl: properties['translation.google.base.url'],
          apiKey: properties['translation.google.api.key'],
        }),
      ],
    };
  },
});
