import { InvalidError } from '../../core/plugin/kit.js';
import { catalogueActionlet } from './define.js';
import { optional, required, secret } from './param.js';
import { listParam, targetLanguages, translatableFields } from './translation-targets.js';

/**
 * Translate Content. What to translate is decided now (a bad parameter fails the fire); the
 * translation itself is a durable `translate` job, run once the fire commits and retried when the
 * provider cannot be reached. The service seals the key before it stores the job.
 */
export function translateContent() {
  return catalogueActionlet({
    className: 'TranslationActionlet',
    name: 'Translate Content',
    howTo:
      'Once the action has completed, machine-translates the content into other languages (language codes, comma-separated, or "all") through the configured translation service, ' +
      'creating or updating those language versions (published when the content is live). Only fields of the listed field types are translated, except the ignored field variables; other fields are copied.',
    parameters: [
      required('translateTo', 'Translate to', 'all'),
      required('fieldTypes', 'Translate Field Types', 'text,wysiwyg,textarea'),
      optional('ignoreFields', 'Ignore Fields (variable names)'),
      // NOTE: required as the catalogue lists it; an association added without parameters has none,
      // and the provider then uses its own key property.
      secret('apiKey', 'Service API Key'),
    ],
    run: async (context) => {
      const { identifier, languageId } = context.item;
      if (!identifier) throw new InvalidError('The content must be saved before it is translated');
      const fields = translatableFields(
        await context.fields(),
        listParam(context.params.fieldTypes),
        listParam(context.params.ignoreFields),
      );
      const targets = targetLanguages(await context.languages(), listParam(context.params.translateTo), languageId);
      if (targets.length === 0) return;
      const apiKey = context.params.apiKey?.trim();
      await context.translate({ targetLanguageIds: targets, fields, ...(apiKey ? { apiKey } : {}) });
    },
  });
}
