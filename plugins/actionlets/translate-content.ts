import { unavailableActionlet } from './define.js';
import { optional, required, secret } from './param.js';

export const translateContent = unavailableActionlet({
  className: 'TranslationActionlet',
  name: 'Translate Content',
  howTo:
    'Machine-translates the content into other languages (language codes, comma-separated, or "all") through an external translation service. ' +
    'Only fields of the listed field types are translated, except the ignored field variables.',
  parameters: [
    required('translateTo', 'Languages to translate to', 'all'),
    required('fieldTypes', 'Field types to translate', 'text,wysiwyg,textarea'),
    optional('ignoreFields', 'Fields to leave untranslated (variable names)'),
    secret('apiKey', 'Translation service API key'),
  ],
  needs: 'machine translation through an external service arrives in a later release',
});
