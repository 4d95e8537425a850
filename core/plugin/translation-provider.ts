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

/**
 * What an actionlet asks `ActionletContext.translate` for: the item is translated once the fire
 * commits, by a durable job that the service runs with the configured provider and retries when
 * the provider cannot be reached.
 */
export interface ContentTranslation {
  /** The languages translated to, by id (`ActionletContext.languages`). */
  targetLanguageIds: readonly number[];
  /** The fields translated, by variable; every other field is copied as it is. `html` keeps markup. */
  fields: ReadonlyArray<{ variable: string; format: 'text' | 'html' }>;
  /** An API key for the provider (an association's, say), stored sealed; without it the provider uses its own. */
  apiKey?: string;
}
