import { CmsError, Errors } from '../errors/index.js';

let displayNames: { language: Intl.DisplayNames; region: Intl.DisplayNames } | undefined;

/** English names of languages and regions, made when first needed: each costs a process tens of milliseconds. */
function namesOf(kind: 'language' | 'region'): Intl.DisplayNames {
  displayNames ??= {
    language: new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' }),
    region: new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' }),
  };
  return displayNames[kind];
}

/** A tag no longer than this is read; anything longer is refused before it is looked at. */
const MAX_TAG = 64;

/** A language as a tag describes it: codes in the case the service keeps them, and names. */
export interface TaggedLanguage {
  languageCode: string;
  countryCode: string;
  language: string;
  country: string;
}

/**
 * Reads a language tag as the original does. A well-formed BCP 47 tag (`fr-CA`, `da`,
 * `zh-cmn-Hans-CN`) gives its language (the extended one when there is one) and region, named in
 * English when locale data knows them, else by their codes; reading stops at the first subtag that
 * is out of place (`abc-d` is `abc`). A tag that does not start as one (`a-bcd`, `xxx_y`) is split
 * at its first dash or underscore into codes named by themselves, with no country name.
 * `strict` refuses all but well-formed tags whose language and region locale data knows.
 */
export function readLanguageTag(tag: string, strict = false): TaggedLanguage {
  const trimmed = tag.trim();
  if (!trimmed || trimmed.length > MAX_TAG) throw invalidTag(tag);
  const parsed = wellFormed(trimmed);
  if (parsed) {
    const language = nameOf('language', parsed.language);
    const country = parsed.region ? nameOf('region', parsed.region) : '';
    if (strict && (language === undefined || country === undefined)) throw invalidTag(tag);
    return {
      languageCode: parsed.language,
      countryCode: parsed.region,
      language: language ?? parsed.language,
      country: country ?? parsed.region,
    };
  }
  if (strict) throw invalidTag(tag);
  const match = /^([A-Za-z]{1,8})(?:[-_]([A-Za-z0-9]{1,8}))?$/.exec(trimmed);
  if (!match) throw invalidTag(tag);
  const languageCode = match[1]!.toLowerCase();
  return { languageCode, countryCode: match[2]?.toUpperCase() ?? '', language: languageCode, country: '' };
}

/**
 * The language and region of a well-formed tag's leading subtags: language, extended languages,
 * script, region, as far as they are in order. Undefined when the first subtag is no language.
 */
function wellFormed(tag: string): { language: string; region: string } | undefined {
  const subtags = tag.split('-');
  let language = subtags[0]!;
  if (!/^[A-Za-z]{2,8}$/.test(language)) return undefined;
  let i = 1;
  // Extended language subtags follow a two- or three-letter language: the last names the language.
  for (let n = 0; n < 3 && language.length <= 3 && /^[A-Za-z]{3}$/.test(subtags[i] ?? ''); n++)
    language = subtags[i++]!;
  if (/^[A-Za-z]{4}$/.test(subtags[i] ?? '')) i++;
  const region = /^(?:[A-Za-z]{2}|\d{3})$/.test(subtags[i] ?? '') ? subtags[i]! : '';
  return { language: language.toLowerCase(), region: region.toUpperCase() };
}

/** An English name locale data has for the code itself (not for another code it stands for). */
function nameOf(kind: 'language' | 'region', code: string): string | undefined {
  try {
    if (kind === 'language' && Intl.getCanonicalLocales(code)[0] !== code) return undefined;
    const name = namesOf(kind).of(code);
    return name && name.toLowerCase() !== code.toLowerCase() ? name : undefined;
  } catch {
    return undefined;
  }
}

function invalidTag(tag: string): CmsError {
  return new CmsError(Errors.LANGUAGE_TAG_INVALID, { tag: tag.slice(0, MAX_TAG) }, { fieldName: 'languageTag' });
}

/** Every two-letter code locale data names, with its English name, by name: what `/iso` lists. */
function namedCodes(kind: 'language' | 'region', upper: boolean): Array<{ code: string; name: string }> {
  const found: Array<{ code: string; name: string }> = [];
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  for (const first of letters) {
    for (const second of letters) {
      const code = upper ? `${first}${second}`.toUpperCase() : `${first}${second}`;
      const name = nameOf(kind, code);
      if (name !== undefined) found.push({ code, name });
    }
  }
  return found.sort((a, b) => a.name.localeCompare(b.name, 'en'));
}

let isoLists: { languages: Array<{ code: string; name: string }>; countries: Array<{ code: string; name: string }> };

/** The ISO 639-1 languages and ISO 3166 countries locale data knows, each by English name; made once. */
export function isoLanguagesAndCountries(): typeof isoLists {
  isoLists ??= { languages: namedCodes('language', false), countries: namedCodes('region', true) };
  return isoLists;
}
