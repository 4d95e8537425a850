import t from 'tap';
import { FIELD_CLASS_PACKAGE } from '../../../core/plugin/field-type.js';
import { listParam, targetLanguages, translatableFields } from '../../../plugins/actionlets/translation-targets.js';

const languages = [
  { id: 1, languageCode: 'en', countryCode: 'US' },
  { id: 2, languageCode: 'fr', countryCode: 'FR' },
  { id: 3, languageCode: 'fr', countryCode: 'CA' },
  { id: 4, languageCode: 'de', countryCode: '' },
];
const field = (variable: string, simple: string, dataType = 'TEXT') => ({
  variable,
  className: `${FIELD_CLASS_PACKAGE}Immutable${simple}Field`,
  dataType,
});
const fields = [
  field('title', 'Text'),
  field('count', 'Text', 'INTEGER'),
  field('summary', 'TextArea', 'LONG_TEXT'),
  field('body', 'Wysiwyg', 'LONG_TEXT'),
  field('tags', 'Tag'),
];

t.test('lists split on commas and blanks', async (t) => {
  t.strictSame(listParam(' text, wysiwyg textarea,,'), ['text', 'wysiwyg', 'textarea']);
  t.strictSame(listParam(undefined), []);
});

t.test('target languages', async (t) => {
  t.strictSame(targetLanguages(languages, ['all'], 1), [2, 3, 4], 'all but the own');
  t.strictSame(targetLanguages(languages, ['fr'], 1), [2, 3], 'a language code names every country of it');
  t.strictSame(targetLanguages(languages, ['fr-CA', 'DE'], 1), [3, 4], 'with a country, that one; any case');
  t.strictSame(targetLanguages(languages, ['fr_ca', 'en'], 1), [3], 'the own language is left out');
  t.throws(() => targetLanguages(languages, ['fr', 'xx'], 1), {
    code: 'WORKFLOW_TRANSLATION_LANGUAGE_UNKNOWN',
    message: /xx/,
  });
  t.throws(() => targetLanguages(languages, ['fr-BE'], 1), { code: 'WORKFLOW_TRANSLATION_LANGUAGE_UNKNOWN' });
});

t.test('translatable fields', async (t) => {
  t.strictSame(translatableFields(fields, ['text', 'wysiwyg', 'textarea'], []), [
    { variable: 'title', format: 'text' },
    { variable: 'summary', format: 'text' },
    { variable: 'body', format: 'html' },
  ]);
  t.strictSame(translatableFields(fields, ['WYSIWYG'], ['title']), [{ variable: 'body', format: 'html' }]);
  t.throws(() => translatableFields(fields, ['text', 'tag'], []), {
    code: 'WORKFLOW_TRANSLATION_FIELD_TYPE_UNKNOWN',
    message: /tag/,
  });
  t.throws(() => translatableFields(fields, ['text'], ['title']), { code: 'WORKFLOW_TRANSLATION_NO_FIELDS' });
});
