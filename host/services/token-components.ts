import type { Encryptor } from '../../core/plugin/encryptor.js';
import type { JsonCodec, JsonConfigurator, Marshal } from '../../core/plugin/marshal.js';
import type { SecretSealer } from '../../core/plugin/secret-sealer.js';
import type { SigningKeyFactory } from '../../core/plugin/token-components.js';
import { jsonCodec } from '../plugins/chosen-json.js';
import { installationSealer } from '../secrets/installation-secrets.js';
import { PUBLIC_SIGNING_KEY } from '../settings/settings-properties.js';
import { declare } from './declare.js';

/** Shorter HMAC keys than SHA-256's output can be guessed more cheaply than the signature. */
const MIN_SIGNING_KEY_BYTES = 32;

/**
 * The parts of signed tokens the original's class-path properties name, each a plugin
 * contribution resolved through the container; the app asks for all of them at start, so a name
 * no plugin contributes stops start-up. This is the one place they are resolved.
 */
export const tokenComponentServices = {
  signingKeyFactory: declare({
    needs: ['contributions', 'settings'],
    build: (d): SigningKeyFactory =>
      d.contributions.named('json.web.token.signing.key.factory', d.settings.tokens.signingKeyFactory),
  }),
  marshal: declare({
    needs: ['contributions', 'settings'],
    build: (d): Marshal => d.contributions.named('marshal.implementation', d.settings.tokens.marshalImplementation),
  }),
  jsonConfigurator: declare({
    needs: ['contributions', 'settings'],
    build: (d): JsonConfigurator => d.contributions.named('gson.configurator', d.settings.tokens.gsonConfigurator),
  }),
  encryptor: declare({
    needs: ['contributions', 'settings'],
    build: (d): Encryptor =>
      d.contributions.named('encryptor.implementation', d.settings.tokens.encryptorImplementation),
  }),
  /** What the system events are written and read with: the marshal with its configurator applied. */
  json: declare({
    needs: ['marshal', 'jsonConfigurator'],
    build: (d): JsonCodec => jsonCodec(d.marshal, d.jsonConfigurator),
  }),
  /** Seals stored secrets; the same key file as the plugins' sealer (see load-plugins): one key per data directory. */
  secrets: declare({
    needs: ['encryptor', 'dataDir'],
    build: (d): SecretSealer => installationSealer(d.encryptor, d.dataDir),
  }),
  /** The HMAC key of API keys and `access_token` cookies, from the signing-key factory; a weak one is said so. */
  signingKey: declare({
    needs: ['signingKeyFactory', 'settings', 'logger'],
    build: ({ signingKeyFactory, settings, logger }): Uint8Array => {
      const key = signingKeyFactory.createKey(settings.tokens.signingKey);
      if (settings.tokens.signingKey === PUBLIC_SIGNING_KEY)
        logger.warn(
          { property: 'json.web.token.hash.signing.key' },
          'API keys and access_token cookies are signed with the public default key: set json.web.token.hash.signing.key to a unique secret before production use',
        );
      else if (key.length < MIN_SIGNING_KEY_BYTES)
        logger.warn(
          { property: 'json.web.token.hash.signing.key', minBytes: MIN_SIGNING_KEY_BYTES },
          'The signing key of API keys and access_token cookies is short: use 32 random characters or more',
        );
      return key;
    },
  }),
};
