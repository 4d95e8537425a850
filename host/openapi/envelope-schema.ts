import { Type, type TSchema } from '@sinclair/typebox';

/** One entry of the envelope's `errors` (`ErrorDetail` of the catalogue). */
export const ErrorDetailSchema = Type.Object({
  errorCode: Type.String({ description: 'A code of the error catalogue (docs/errors.md)' }),
  message: Type.String(),
  fieldName: Type.Union([Type.String(), Type.Null()]),
});

/** `pagination` of a listing (host/http/paging.ts). */
export const PaginationSchema = Type.Object({
  currentPage: Type.Integer({ minimum: 1 }),
  perPage: Type.Integer({ minimum: 1 }),
  totalEntries: Type.Integer({ minimum: 0 }),
});

/** The `entity` of a route that answers only that it did what was asked, as the original does. */
export const OkEntitySchema = Type.Literal('Ok');

const envelopeMembers = {
  errors: Type.Array(ErrorDetailSchema),
  messages: Type.Array(Type.Unknown()),
  i18nMessagesMap: Type.Record(Type.String(), Type.String()),
  permissions: Type.Array(Type.String()),
};

/**
 * A successful answer in the envelope (host/http/envelope.ts), with `entity` as the route declares
 * it. Other members are allowed: `GET /api/v1/users/current` answers the user's members beside the
 * envelope's, as the original does.
 */
export function envelopeOf(entity: TSchema): TSchema {
  return Type.Object({ entity, ...envelopeMembers, pagination: Type.Optional(PaginationSchema) });
}

/** Every error answer (host/http/error-mapper.ts): the envelope with `entity: null`, the problems, and a top-level `message`. */
export const ErrorEnvelopeSchema = Type.Object({
  message: Type.String(),
  entity: Type.Null(),
  ...envelopeMembers,
});
