// @ts-check
// An auth scheme as a third party writes it: one file, the plugin kit and nothing else of the service.
import { createHash, timingSafeEqual } from 'node:crypto';
import {
  PLUGIN_API_VERSION,
  UnauthenticatedError,
  defineAuthScheme,
  definePlugin,
  defineProperties,
  readProperties,
} from 'cms/plugin';

const PAIR = /^([0-9a-f]{64}):(\S+@\S+)$/i;

const properties = defineProperties({
  'api.key.users': {
    type: 'list',
    default: [],
    secret: true,
    description:
      'API keys and their users, comma-separated `<SHA-256 of the key, hex>:<user e-mail>` pairs. Only hashes are configured, never keys.',
    validate: (value) => {
      const bad = value
        .split(',')
        .map((item) => item.trim())
        .find((item) => item !== '' && !PAIR.test(item));
      return bad === undefined ? undefined : 'each item must be <64 hex digits>:<e-mail>';
    },
  },
  'api.key.header': { default: 'x-api-key', description: 'The header that carries the key.' },
});

/** @param {string} key */
export function hashOf(key) {
  return createHash('sha256').update(key, 'utf8').digest();
}

/**
 * @param {readonly string[]} pairs `<hash>:<e-mail>`
 * @param {string} header
 */
export function apiKeyScheme(pairs, header) {
  const keys = pairs.map((pair) => {
    const [, hash = '', email = ''] = PAIR.exec(pair) ?? [];
    return { hash: Buffer.from(hash, 'hex'), email };
  });
  const name = header.toLowerCase(); // the service hands schemes lower-case header names
  return defineAuthScheme({
    name: 'api-key',
    async authenticate(request, auth) {
      const key = request.headers[name];
      if (!key) return null; // no key: not this scheme's request, the next scheme decides
      const digest = hashOf(key);
      // Every configured hash is compared, in constant time, so the time taken tells nothing.
      let owner;
      for (const entry of keys) if (timingSafeEqual(entry.hash, digest)) owner = entry.email;
      // The scheme has proven the key; the service answers the user (never an inactive one).
      const principal = owner === undefined ? undefined : await auth.findUserByEmail(owner);
      if (!principal) throw new UnauthenticatedError('Unknown API key');
      return principal;
    },
  });
}

export default definePlugin({
  name: 'example-api-key-auth',
  apiVersion: PLUGIN_API_VERSION,
  cmsVersion: '^0.1.0',
  description: 'The api-key auth scheme: X-Api-Key, looked up by its hash',
  properties,
  setup({ config }) {
    const p = readProperties(config, properties);
    return { authSchemes: [apiKeyScheme(p['api.key.users'], p['api.key.header'])] };
  },
});
