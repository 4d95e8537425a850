import type { SigningKeyFactory } from '../../core/plugin/kit.js';

/**
 * The built-in signing-key factory, under the name of the original's default class so that a
 * configuration naming it keeps working: the secret's UTF-8 bytes are the HMAC key.
 */
export const secretKeySpecFactory: SigningKeyFactory = {
  name: 'com.dotcms.auth.providers.jwt.factories.impl.SecretKeySpecFactoryImpl',
  createKey: (secret) => new TextEncoder().encode(secret),
};
