import { Type } from '@sinclair/typebox';
import { CmsError, Errors } from '../../core/errors/index.js';
import { INVALID_AS } from '../http/request-reader.js';
import { route } from '../http/route.js';
import { sortable } from '../http/sorting.js';
import { defineRoutes } from './route-module.js';
import { LanguageSchema, languageView } from '../views/language-view.js';

const NewLanguage = Type.Object({
  languageCode: Type.String({ minLength: 2, maxLength: 8 }),
  countryCode: Type.Optional(Type.String({ maxLength: 8 })),
  language: Type.String({ minLength: 1, maxLength: 255 }),
  country: Type.Optional(Type.String({ maxLength: 255 })),
});

/** The original's words for a language id that is not a number. */
const LanguageIdParams = Type.Object({
  languageId: Type.Integer({
    minimum: 0,
    maximum: 999_999_999,
    [INVALID_AS]: () =>
      new CmsError(Errors.LANGUAGE_ID_INVALID, undefined, {
        fieldName: 'languageId',
      }),
  }),
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

/** Languages: listed by signed-in users, added by administrators. */
export default defineRoutes('languages', ['languages'], ({ languages }) => [
  route({
    method: 'GET',
    path: '/api/v2/languages',
    access: 'user',
    summary: 'Lists the languages, by id unless orderby and direction say otherwise',
    query: languageSort.query,
    response: { schema: Type.Array(LanguageSchema) },
    handler: async ({ query }) => (await languages.list(languageSort.read(query))).map(languageView),
  }),
  route({
    method: 'POST',
    path: '/api/v2/languages',
    access: 'admin',
    summary: 'Adds a language',
    body: NewLanguage,
    response: { schema: LanguageSchema },
    handler: async ({ body }) =>
      languageView(
        await languages.create({
          languageCode: body.languageCode,
          countryCode: body.countryCode ?? '',
          language: body.language,
          country: body.country ?? '',
        }),
      ),
  }),
  route({
    method: 'GET',
    path: '/api/v2/languages/:languageId',
    access: 'user',
    summary: 'One language',
    params: LanguageIdParams,
    answers: { 404: 'no such language' },
    response: { schema: LanguageSchema },
    handler: async ({ params }) => languageView(await languages.get(params.languageId)),
  }),
]);
