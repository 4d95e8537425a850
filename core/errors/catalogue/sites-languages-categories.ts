import { defineErrors } from '../error-entry.js';

/** Site changes and variables, language changes, and category edits, imports and sorting. */
export const siteLanguageCategoryErrors = defineErrors('sites, languages and categories', {
  SITE_NAME_TAKEN: {
    kind: 'conflict',
    message: 'A site named `{siteName}` already exists.',
    meaning: "Site names are unique, ignoring case (the original's words).",
  },
  SITE_ID_REQUIRED: {
    kind: 'invalid',
    message: 'The id query string parameter can not be null',
    meaning: "A site update names the site in the `id` query parameter (the original's words).",
  },
  SITE_ARCHIVED_NOT_PUBLISHABLE: {
    kind: 'conflict',
    message: 'Site {site} is archived: unarchive it before publishing it',
    meaning: 'An archived site is never live; unarchive it first.',
  },
  SITE_DEFAULT_NOT_UNPUBLISHABLE: {
    kind: 'conflict',
    message: "the default site can't be unpublished",
    meaning:
      'The default site answers every host name no other site claims: stopping it would leave those names unanswered.',
  },
  SITE_STOPPED_NOT_DEFAULTABLE: {
    kind: 'conflict',
    message: 'Site {site} is archived or stopped: publish it before making it the default',
    meaning: 'The default site answers every host name no other site claims, so it must be live.',
  },
  SITE_VARIABLE_FIELD_REQUIRED: {
    kind: 'invalid',
    message: 'The {field} is required',
    meaning: "A site variable was sent without its site, name, key or value (the original's words).",
  },
  SITE_VARIABLE_KEY_INVALID: {
    kind: 'invalid',
    message: 'The key {key} may hold letters and digits only',
    meaning: 'A site variable key holds something other than letters and digits.',
  },
  SITE_VARIABLE_KEY_TAKEN: {
    kind: 'invalid',
    message: 'Another variable of the site has the key {key}',
    meaning: 'Site variable keys are unique per site (a 400, as in the original).',
  },
  SITE_VARIABLE_NOT_FOUND: {
    kind: 'not_found',
    message: 'Site variable {variable} not found',
    meaning: 'No variable of a site the caller may read has this id.',
  },
  LANGUAGE_CODE_REQUIRED: {
    kind: 'invalid',
    message: "Language Code can't be null or empty",
    meaning: "A language was sent without a language code or ISO code (the original's words).",
  },
  LANGUAGE_NAME_REQUIRED: {
    kind: 'invalid',
    message: "Language String can't be null or empty",
    meaning: "A language was sent with a code but no name (the original's words).",
  },
  LANGUAGE_MISSING: {
    kind: 'not_found',
    message: 'Language not found',
    meaning: "No language has this id, tag or codes (the original's words for an update).",
  },
  LANGUAGE_CODES_TAKEN: {
    kind: 'conflict',
    message: 'Update Attempt clashes with an existing language with id `{id}`.',
    meaning: "Another language has these codes already (the original's words).",
  },
  LANGUAGE_TAG_INVALID: {
    kind: 'invalid',
    message: '"{tag}" is not a valid language tag',
    meaning:
      'A language tag is neither a BCP 47 tag nor a code with a country code after a dash or underscore, or (strict) names a language or country no locale data knows.',
  },
  LANGUAGE_DEFAULT_FIXED: {
    kind: 'conflict',
    message: 'Language {id} cannot become the default language: the default language is language 1',
    meaning:
      'The default language is fixed (language 1): content, navigation and workflows fall back to it. Making another language the default is refused.',
  },
  CATEGORY_INODE_REQUIRED: {
    kind: 'invalid',
    message: 'The inode is required',
    meaning: "A category update or a children listing names no category (the original's words).",
  },
  CATEGORY_SORT_UNKNOWN: {
    kind: 'invalid',
    message: 'Category with Id: {category} does not exist',
    meaning: "A sort names a category that does not exist: nothing is changed (the original's words and status).",
  },
  CATEGORY_SORT_EMPTY: {
    kind: 'invalid',
    message: 'The body must send a collection of category inode and sortOrder',
    meaning: "A sort was sent without categories (the original's words).",
  },
  CATEGORY_DELETE_EMPTY: {
    kind: 'invalid',
    message: 'The body must send a collection of category inodes',
    meaning: 'A delete was sent without category inodes.',
  },
  CATEGORY_CYCLE: {
    kind: 'invalid',
    message: 'Category {category} cannot be moved under itself or one of its children',
    meaning: 'A category update names as parent the category itself or one below it.',
  },
  CATEGORY_IMPORT_FILE_REQUIRED: {
    kind: 'invalid',
    message: 'A CSV file is required in the part named file',
    meaning: 'A category import was sent without its file.',
  },
  CATEGORY_IMPORT_TYPE_INVALID: {
    kind: 'invalid',
    message: 'exportType must be merge or replace',
    meaning: 'A category import says neither to merge nor to replace.',
  },
  CATEGORY_IMPORT_ROW_INVALID: {
    kind: 'invalid',
    message: 'Line {line} of the file: {problem}',
    meaning: 'A line of an imported category file is malformed: nothing is imported.',
  },
});
