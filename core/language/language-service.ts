import { CmsError, Errors } from '../errors/index.js';
import type { Language } from '../model/language.js';
import { sortItems, type LanguageSortColumn, type Sort } from '../model/sort.js';
import type { Storage } from '../plugin/storage/index.js';

const LANGUAGE_CODE = /^[A-Za-z]{2,8}$/;
const COUNTRY_CODE = /^[A-Za-z0-9]{0,8}$/;

export class LanguageService {
  private readonly storage: Storage;

  constructor(options: { storage: Storage }) {
    this.storage = options.storage;
  }

  /** By id unless sorted otherwise. */
  async list(sort?: Sort<LanguageSortColumn>): Promise<Language[]> {
    return sortItems(await this.storage.languages.list(), sort);
  }

  async get(id: number): Promise<Language> {
    const language = await this.storage.languages.findById(id);
    if (!language)
      throw new CmsError(Errors.LANGUAGE_NOT_FOUND, undefined, {
        fieldName: 'languageId',
      });
    return language;
  }

  async create(input: Omit<Language, 'id'>): Promise<Language> {
    const languageCode = input.languageCode.trim().toLowerCase();
    const countryCode = input.countryCode.trim().toUpperCase();
    if (!LANGUAGE_CODE.test(languageCode))
      throw new CmsError(
        Errors.LANGUAGE_CODE_INVALID,
        { code: input.languageCode },
        {
          fieldName: 'languageCode',
        },
      );
    if (!COUNTRY_CODE.test(countryCode))
      throw new CmsError(
        Errors.LANGUAGE_COUNTRY_INVALID,
        { code: input.countryCode },
        {
          fieldName: 'countryCode',
        },
      );
    const language = { languageCode, countryCode, language: input.language.trim(), country: input.country.trim() };
    const id = await this.storage.languages.insert(language);
    return { id, ...language };
  }
}
