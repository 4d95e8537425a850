/**
 * Machine translation for the Translate Content actionlet. A plugin contributes providers
 * (`translationProviders`); the property `translation.provider` names the one used.
 */

export interface TranslationRequest {
  /** Translated in order; the answer has one text per text given. */
  texts: readonly string[];
  /** Language codes as languages are configured (`en`, `es`; lower case, without the country). */
  from: string;
  to: string;
  /** `html`: markup is kept and only the text between tags is translated (WYSIWYG fields). */
  format: 'text' | 'html';
  /** The key of the association, when it has one; a provider may fall back to its own property. */
  apiKey?: string;
  /** Aborted when the job running the translation runs out of time. */
  signal?: AbortSignal;
}

/**
 * One translation service.
 *
 * `translate` throws when the service cannot be reached or refuses the call (a `PluginError` or a
 * plain `Error`): the job retries with back-off, then gives up. The message is shown to
 * administrators as the job's last error: never put the key or the texts in it.
 *
 * @example
 * export const upper: TranslationProvider = {
 *   name: 'upper',
 *   translate: async ({ texts }) => texts.map((t) => t.toUpperCase()),
 * };
 */
export interface TranslationProvider {
  /** What `translation.provider` names; unique across plugins. */
  name: string;
  translate(request: TranslationRequest): Promise<string[]>;
}

/** The job kind Translate Content writes; built in, run by the service with the configured provider. */
export const TRANSLATE_JOB = 'translate';

/** What a `translate` job carries. */
export interface TranslateJobPayload {
  identifier: string;
  /** The language translated from: its working version is read when the job runs. */
  languageId: number;
  /** The languages translated to, by id. */
  targetLanguageIds: number[];
  /** The fields translated; every other field is copied as it is. */
  fields: Array<{ variable: string; format: 'text' | 'html' }>;
  /** The association's key sealed with the installation's key (`SecretSealer`), or null for none. */
  sealedApiKey: string | null;
  /** Who the translated versions are saved as: the user who fired the action. */
  userId: string;
}
