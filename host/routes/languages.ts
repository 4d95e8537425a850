import { Type } from '@sinclair/typebox';
import { InvalidInputError } from '../../core/errors.js';
import type { LanguageService } from '../../core/language/language-service.js';
import { route, type RouteDefinition } from '../http/route.js';
import { languageView } from '../views/language-view.js';

const NewLanguage = Type.Object({
  languageCode: Type.String({ minLength: 2, maxLength: 8 }),
  countryCode: Type.Optional(Type.String({ maxLength: 8 })),
  language: Type.String({ minLength: 1, maxLength: 255 }),
  country: Type.Optional(Type.String({ maxLength: 255 })),
});

export function languageRoutes(languages: LanguageService): RouteDefinition[] {
  return [
    route({
      method: 'GET',
      path: '/api/v2/languages',
      access: 'user',
      handler: async () => (await languages.list()).map(languageView),
    }),
    route({
      method: 'POST',
      path: '/api/v2/languages',
      access: 'admin',
      body: NewLanguage,
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
      handler: async ({ params }) => {
        if (!/^\d{1,9}$/.test(params.languageId!))
          throw new InvalidInputError('LANGUAGE_ID_INVALID', 'The provided languageId does not exist', {
            fieldName: 'languageId',
          });
        return languageView(await languages.get(Number(params.languageId)));
      },
    }),
  ];
}
