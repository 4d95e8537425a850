import { Type } from '@sinclair/typebox';
import { CmsError, Errors } from '../../core/errors/index.js';
import type { CreatedLanguage } from '../../core/language/language-service.js';
import { isoLanguagesAndCountries } from '../../core/language/language-tag.js';
import { INVALID_AS } from '../http/request-reader.js';
import { reply, route } from '../http/route.js';
import { sortable } from '../http/sorting.js';
import { defineRoutes } from './route-module.js';
import { LanguageSchema, languageView } from '../views/language-view.js';

/** The original's language form: codes and names, or an ISO code (`fr-CA`) that gives them all. */
const LanguageForm = Type.Object(
  {
    languageCode: Type.Optional(Type.String({ maxLength: 8 })),
    countryCode: Type.Optional(Type.String({ maxLength: 8 })),
    language: Type.Optional(Type.String({ maxLength: 255 })),
    country: Type.Optional(Type.String({ maxLength: 255 })),
    isoCode: Type.Optional(Type.String({ maxLength: 20 })),
  },
  { additionalProperties: true },
);

const CodeAndName = Type.Object({ code: Type.String(), name: Type.String() });
const IsoListsSchema = Type.Object({ languages: Type.Array(CodeAndName), countries: Type.Array(CodeAndName) });

/** The original's words for a language id that is not a number. */
const LanguageId = Type.Integer({
  minimum: 0,
  maximum: 999_999_999,
  [INVALID_AS]: () => new CmsError(Errors.LANGUAGE_ID_INVALID, undefined, { fieldName: 'languageId' }),
});
const LanguageIdParams = Type.Object({ languageId: LanguageId });

/** A language id (digits), else a language tag (`fr`, `fr-CA`, `fr_CA`). */
const NUMERIC = /^\d{1,9}$/;
const TAG_SHAPE = /^[A-Za-z]{1,8}(?:[-_][A-Za-z0-9]{1,8}){0,7}$/;

const StrictQuery = Type.Object({
  strict: Type.Optional(Type.Boolean({ description: 'Refuse a language or country no locale data knows' })),
});

/** Languages are listed whole, by id; a sort asked for is applied rather than ignored. */
const languageSort = sortable(
  {
    id: ['id'],
    languageCode: ['languageCode', 'language_code'],
    countryCode: ['countryCode', 'country_code'],
    language: ['language'],
    country: ['country'],
  },
  'id',
);

/** A create answers the language; one that was there already comes with the original's message. */
const created = ({ language, existed }: CreatedLanguage) =>
  reply(languageView(language), existed ? { messages: [{ message: 'Language already exists.' }] } : {});

/** Languages: read by signed-in users, added and changed by administrators. */
export default defineRoutes('languages', ['languages'], ({ languages }) => [
  route({
    method: 'GET',
    path: '/api/v2/languages',
    access: 'user',
    summary:
      'Lists the languages, by id unless orderby and direction say otherwise; countLangVars adds the count of language variables (none are kept here)',
    query: Type.Composite([
      languageSort.query,
      Type.Object({ countLangVars: Type.Optional(Type.Boolean()), contentInode: Type.Optional(Type.String()) }),
    ]),
    response: { schema: Type.Array(LanguageSchema) },
    handler: async ({ query }) =>
      (await languages.list(languageSort.read(query))).map((language) =>
        // Language variables are not kept by this service: every language has none of none.
        query.countLangVars ? { ...languageView(language), variables: { total: 0, count: 0 } } : languageView(language),
      ),
  }),
  route({
    method: 'POST',
    path: '/api/v2/languages',
    access: 'admin',
    summary:
      'Adds a language from its codes and names or its isoCode; a language with the same codes is answered as it is, with a message',
    body: LanguageForm,
    response: { schema: LanguageSchema },
    handler: async ({ body }) => created(await languages.create(body)),
  }),
  route({
    method: 'POST',
    path: '/api/v2/languages/:languageTag',
    access: 'admin',
    summary:
      'Adds the language a tag names (`fr-CA`), with English names; a language with the same codes is answered as it is',
    query: StrictQuery,
    response: { schema: LanguageSchema },
    handler: async ({ params, query }) => created(await languages.createFromTag(params.languageTag, query.strict)),
  }),
  route({
    method: 'GET',
    path: '/api/v2/languages/_getdefault',
    // As in the original: which language is the default is no secret, and pages ask before sign-in.
    access: 'public',
    summary: 'The default language',
    response: { schema: LanguageSchema },
    handler: async () => languageView(await languages.getDefault()),
  }),
  route({
    method: 'GET',
    path: '/api/v2/languages/iso',
    access: 'user',
    summary: 'The ISO 639-1 languages and ISO 3166 countries, each as code and English name, by name',
    response: { schema: IsoListsSchema },
    handler: () => isoLanguagesAndCountries(),
  }),
  route({
    method: 'GET',
    path: '/api/v2/languages/id/:languageId',
    access: 'user',
    summary: 'One language, by id',
    params: LanguageIdParams,
    answers: { 404: 'no such language' },
    response: { schema: LanguageSchema },
    handler: async ({ params }) => languageView(await languages.find(params.languageId)),
  }),
  route({
    method: 'GET',
    path: '/api/v2/languages/:languageIdOrTag',
    access: 'user',
    summary:
      'One language, by id (an unknown id is a 400, as the original answers) or by tag (`fr`, `fr-CA`; strict refuses codes no locale data knows)',
    query: StrictQuery,
    answers: { 404: 'no language of this tag' },
    response: { schema: LanguageSchema },
    handler: async ({ params, query }) => {
      const asked = params.languageIdOrTag;
      if (NUMERIC.test(asked)) return languageView(await languages.get(Number(asked)));
      if (!TAG_SHAPE.test(asked))
        throw new CmsError(Errors.LANGUAGE_ID_INVALID, undefined, { fieldName: 'languageId' });
      return languageView(await languages.byTag(asked, query.strict));
    },
  }),
  route({
    method: 'GET',
    path: '/api/v2/languages/:languageCode/:countryCode',
    access: 'user',
    summary: 'One language, by language and country code',
    answers: { 404: 'no language of these codes' },
    response: { schema: LanguageSchema },
    handler: async ({ params }) => languageView(await languages.byCodes(params.languageCode, params.countryCode)),
  }),
  route({
    method: 'PUT',
    path: '/api/v2/languages/:languageId',
    access: 'admin',
    summary: "Changes a language's codes and names (members not sent keep their value)",
    params: LanguageIdParams,
    body: LanguageForm,
    answers: { 404: 'no such language', 409: 'another language has these codes' },
    response: { schema: LanguageSchema },
    handler: async ({ params, body }) => languageView(await languages.update(params.languageId, body)),
  }),
  route({
    method: 'PUT',
    path: '/api/v2/languages/:languageId/_makedefault',
    access: 'admin',
    summary:
      'Makes a language the default. The default is fixed here (language 1): asking for it answers it, asking for another is refused',
    params: LanguageIdParams,
    body: Type.Optional(Type.Object({ fireTransferAssetsJob: Type.Optional(Type.Boolean()) })),
    answers: { 404: 'no such language', 409: 'not the default language' },
    response: { schema: LanguageSchema },
    handler: async ({ params }) => languageView(await languages.makeDefault(params.languageId)),
  }),
]);
