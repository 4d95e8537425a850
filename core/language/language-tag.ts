import { CmsError, Errors } from '../errors/index.js';

/** `fr`, `fr-CA`, `fr_ca`, `es-419`: a language code, then optionally a country (or region) code. */
const TAG = /^([A-Za-z]{2,8})(?:[-_]([A-Za-z]{2}|[0-9]{3}))?$/;

const languageNames = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/** A language as a tag describes it: codes in the case the original keeps them, and English names. */
export interface TaggedLanguage {
  languageCode: string;
  countryCode: string;
  language: string;
  country: string;
}

/**
 * Reads a language tag as the original does: the codes, and the English names of the language and
 * country. `strict` refuses a language or country no locale data knows; otherwise an unknown code
 * is kept, and named by itself. Anything that is not a tag is refused either way.
 */
export function readLanguageTag(tag: string, strict = false): TaggedLanguage {
  const match = TAG.exec(tag.trim());
  if (!match) throw new CmsError(Errors.LANGUAGE_TAG_INVALID, { tag }, { fieldName: 'languageTag' });
  const languageCode = match[1]!.toLowerCase();
  const countryCode = match[2]?.toUpperCase() ?? '';
  const language = nameOf(languageNames, languageCode);
  const country = countryCode ? nameOf(regionNames, countryCode) : '';
  if (strict && (language === undefined || country === undefined)) {
    throw new CmsError(Errors.LANGUAGE_TAG_INVALID, { tag }, { fieldName: 'languageTag' });
  }
  return { languageCode, countryCode, language: language ?? languageCode, country: country ?? countryCode };
}

function nameOf(names: Intl.DisplayNames, code: string): string | undefined {
  try {
    const name = names.of(code);
    // Without locale data for the code, some runtimes answer the code itself.
    return name && name.toLowerCase() !== code.toLowerCase() ? name : undefined;
  } catch {
    return undefined;
  }
}
