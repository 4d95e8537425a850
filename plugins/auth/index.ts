import { PLUGIN_API_VERSION, definePlugin } from '../../core/plugin/kit.js';
import { accessTokenAuthScheme } from './access-token.js';
import { basicAuthScheme } from './basic.js';
import { bearerAuthScheme } from './bearer.js';
import { legacyHeaderAuthScheme } from './legacy-header.js';
import { sessionAuthScheme } from './session.js';
import { defaultEncryptor } from './default-encryptor.js';
import { defaultJsonConfigurator, jsonMarshal } from './json-marshal.js';
import { secretKeySpecFactory } from './token-components.js';

/**
 * The built-in auth schemes (which of them run, and in which order, is `auth.schemes`), and the
 * built-in parts the original names by class: the signing-key factory of tokens, the encryptor of
 * stored secrets, and the marshal and configurator of the system events' JSON.
 */
export default definePlugin({
  name: 'auth-builtin',
  apiVersion: PLUGIN_API_VERSION,
  description:
    'API keys (Bearer), session cookie, access_token auto-login cookie, HTTP Basic and the legacy CMSAUTH header',
  setup: () => ({
    authSchemes: [bearerAuthScheme, sessionAuthScheme, accessTokenAuthScheme, basicAuthScheme, legacyHeaderAuthScheme],
    signingKeyFactories: [secretKeySpecFactory],
    marshals: [jsonMarshal],
    jsonConfigurators: [defaultJsonConfigurator],
    encryptors: [defaultEncryptor],
  }),
});
