export interface Language {
  /** 1 is the default language; added languages get 2, 3, ... */
  id: number;
  languageCode: string;
  countryCode: string;
  language: string;
  country: string;
}

export const DEFAULT_LANGUAGE_ID = 1;
