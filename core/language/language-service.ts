import { CmsError, Errors } from '../errors/index.js';
import { DEFAULT_LANGUAGE_ID, type Language } from '../model/language.js';
import { sortItems, type LanguageSortColumn, type Sort } from '../model/sort.js';
import type { Storage } from '../plugin/storage/index.js';
import { readLanguageTag } from './language-tag.js';

/** Codes as the original takes them: ISO ones, and others a tag or a client makes up (`a`, `ATL`). */
const LANGUAGE_CODE = /^[A-Za-z]{1,8}$/;
const COUNTRY_CODE = /^[A-Za-z0-9]{0,8}$/;

/**
 * A language as clients send it: the codes and names, or an ISO code (`fr-CA`) that gives them
 * all. Absent members of an update keep their value.
 */
export interface LanguageInput {
  languageCode?: string;
  countryCode?: string;
  language?: string;
  country?: string;
  isoCode?: string;
}

/** What a create answers: the language, and whether it was there already (the original answers it then). */
export interface CreatedLanguage {
  language: Language;
  existed: boolean;
}

export class LanguageService {
  private readonly storage: Storage;

  constructor(options: { storage: Storage }) {
    this.storage = options.storage;
  }

  /** By id unless sorted otherwise. */
  async list(sort?: Sort<LanguageSortColumn>): Promise<Language[]> {
    return sortItems(await this.storage.languages.list(), sort);
  }

  /** By id; an unknown id is `LANGUAGE_NOT_FOUND`, a 400 as the original answers its look-ups by id. */
  async get(id: number): Promise<Language> {
    const language = await this.storage.languages.findById(id);
    if (!language) throw new CmsError(Errors.LANGUAGE_NOT_FOUND, undefined, { fieldName: 'languageId' });
    return language;
  }

  /** By id; an unknown id is `LANGUAGE_MISSING` (404), as the original's update and make-default answer it. */
  async find(id: number): Promise<Language> {
    const language = await this.storage.languages.findById(id);
    if (!language) throw new CmsError(Errors.LANGUAGE_MISSING, undefined, { fieldName: 'languageId' });
    return language;
  }

  /** By codes (country empty for none), compared in the case the service keeps them. */
  async byCodes(languageCode: string, countryCode = ''): Promise<Language> {
    const language = await this.storage.languages.findByCode(
      languageCode.trim().toLowerCase(),
      countryCode.trim().toUpperCase(),
    );
    if (!language) throw new CmsError(Errors.LANGUAGE_MISSING, undefined, { fieldName: 'languageCode' });
    return language;
  }

  /** By a tag (`fr`, `fr-CA`, `fr_CA`); `strict` refuses codes no locale data knows. */
  byTag(tag: string, strict = false): Promise<Language> {
    const { languageCode, countryCode } = readLanguageTag(tag, strict);
    return this.byCodes(languageCode, countryCode);
  }

  /** The default language: language 1, which content, navigation and workflows fall back to. */
  getDefault(): Promise<Language> {
    return this.find(DEFAULT_LANGUAGE_ID);
  }

  /**
   * NOTE: the original can make any language the default. Here the default is fixed (language 1,
   * which the whole service falls back to), so only the default itself is accepted, and answered.
   */
  async makeDefault(id: number): Promise<Language> {
    const language = await this.find(id);
    if (language.id !== DEFAULT_LANGUAGE_ID) throw new CmsError(Errors.LANGUAGE_DEFAULT_FIXED, { id });
    return language;
  }

  /** Adds a language; one with the same codes is answered as it is, as the original does. */
  async create(input: LanguageInput): Promise<CreatedLanguage> {
    const given = fromInput(input);
    if (given.languageCode && !given.language) {
      throw new CmsError(Errors.LANGUAGE_NAME_REQUIRED, undefined, { fieldName: 'language' });
    }
    const wanted = checked(given);
    const existing = await this.storage.languages.findByCode(wanted.languageCode, wanted.countryCode);
    if (existing) return { language: existing, existed: true };
    const id = await this.storage.languages.insert(wanted);
    return { language: { id, ...wanted }, existed: false };
  }

  /** Adds the language a tag names, with English names read from locale data (codes name the others). */
  async createFromTag(tag: string, strict = false): Promise<CreatedLanguage> {
    const wanted = checked(readLanguageTag(tag, strict));
    const existing = await this.storage.languages.findByCode(wanted.languageCode, wanted.countryCode);
    if (existing) return { language: existing, existed: true };
    const id = await this.storage.languages.insert(wanted);
    return { language: { id, ...wanted }, existed: false };
  }

  /** Changes a language's codes and names; codes another language has are refused. */
  async update(id: number, input: LanguageInput): Promise<Language> {
    return this.storage.transaction(async (tx) => {
      const current = await tx.languages.findById(id);
      if (!current) throw new CmsError(Errors.LANGUAGE_MISSING, undefined, { fieldName: 'languageId' });
      const given = fromInput(input);
      const wanted = checked({
        languageCode: given.languageCode || current.languageCode,
        countryCode: input.countryCode === undefined && !input.isoCode ? current.countryCode : given.countryCode,
        language: given.language || current.language,
        country: input.country === undefined && !input.isoCode ? current.country : given.country,
      });
      const holder = await tx.languages.findByCode(wanted.languageCode, wanted.countryCode);
      if (holder && holder.id !== id) throw new CmsError(Errors.LANGUAGE_CODES_TAKEN, { id: holder.id });
      const updated = { id, ...wanted };
      await tx.languages.update(updated);
      return updated;
    });
  }
}

/** The members sent, or those an ISO code gives (it wins, as in the original). */
function fromInput(input: LanguageInput): Omit<Language, 'id'> {
  if (input.isoCode?.trim()) return readLanguageTag(input.isoCode);
  return {
    languageCode: input.languageCode?.trim() ?? '',
    countryCode: input.countryCode?.trim() ?? '',
    language: input.language?.trim() ?? '',
    country: input.country?.trim() ?? '',
  };
}

function checked(input: Omit<Language, 'id'>): Omit<Language, 'id'> {
  if (!input.languageCode) throw new CmsError(Errors.LANGUAGE_CODE_REQUIRED, undefined, { fieldName: 'languageCode' });
  const languageCode = input.languageCode.toLowerCase();
  const countryCode = input.countryCode.toUpperCase();
  if (!LANGUAGE_CODE.test(languageCode)) {
    throw new CmsError(Errors.LANGUAGE_CODE_INVALID, { code: input.languageCode }, { fieldName: 'languageCode' });
  }
  if (!COUNTRY_CODE.test(countryCode)) {
    throw new CmsError(Errors.LANGUAGE_COUNTRY_INVALID, { code: input.countryCode }, { fieldName: 'countryCode' });
  }
  return { languageCode, countryCode, language: input.language || languageCode, country: input.country };
}
