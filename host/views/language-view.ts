import { DEFAULT_LANGUAGE_ID, type Language } from '../../core/model/language.js';

export function languageView(language: Language) {
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
