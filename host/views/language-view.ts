import { Type, type Static } from '@sinclair/typebox';
import { DEFAULT_LANGUAGE_ID, type Language } from '../../core/model/language.js';

/** `languageView`'s shape, for the OpenAPI document. */
export const LanguageSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  languageCode: Type.String(),
  countryCode: Type.String({ description: 'Empty for none' }),
  language: Type.String(),
  country: Type.String({ description: 'Empty for none' }),
  isoCode: Type.String({
    description: 'The language code, with the country code in lower case after a dash when there is one',
  }),
  defaultLanguage: Type.Boolean(),
  variables: Type.Optional(
    Type.Object(
      { total: Type.Integer(), count: Type.Integer() },
      { description: 'With countLangVars=true: language variables, none here' },
    ),
  ),
});

export function languageView(language: Language): Static<typeof LanguageSchema> {
  return {
    id: language.id,
    languageCode: language.languageCode,
    countryCode: language.countryCode,
    language: language.language,
    country: language.country,
    isoCode: language.countryCode
      ? `${language.languageCode}-${language.countryCode.toLowerCase()}`
      : language.languageCode,
    defaultLanguage: language.id === DEFAULT_LANGUAGE_ID,
  };
}
