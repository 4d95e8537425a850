import { createHash } from 'node:crypto';
import type { Encryptor, JsonConfigurator, Marshal, SigningKeyFactory } from '../../core/plugin/kit.js';

/**
 * The built-in signed-token parts, under the names of the original's default classes so that a
 * configuration naming them keeps working.
 */

/** The secret's UTF-8 bytes are the HMAC key. */
export const secretKeySpecFactory: SigningKeyFactory = {
  name: 'com.dotcms.auth.providers.jwt.factories.impl.SecretKeySpecFactoryImpl',
  createKey: (secret) => new TextEncoder().encode(secret),
};

export const jsonMarshal: Marshal = {
  name: 'com.dotcms.util.marshal.MarshalFactory.GsonMarshalUtils',
  stringify: (value) => JSON.stringify(value),
  parse: (text) => JSON.parse(text) as unknown,
};

export const defaultJsonConfigurator: JsonConfigurator = {
  name: 'com.dotcms.util.marshal.DefaultGsonConfigurator',
  replacer: (_key, value) => value,
};

export const sha256Encryptor: Encryptor = {
  name: 'com.dotcms.util.security.EncryptorFactory.EncryptorImpl',
  digest: (text) => createHash('sha256').update(text).digest('base64url'),
};
