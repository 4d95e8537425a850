import { Type } from '@sinclair/typebox';
import { reply, route } from '../http/route.js';
import { defineRoutes } from './route-module.js';
import { ApiTokenSchema, apiTokenView } from '../views/api-token-view.js';

const NewApiToken = Type.Object({
  userId: Type.String({ minLength: 1, maxLength: 255 }),
  expirationSeconds: Type.Integer({ minimum: 1 }),
  network: Type.Optional(Type.String({ maxLength: 100 })),
  claims: Type.Optional(Type.Object({ label: Type.Optional(Type.String({ maxLength: 255 })) })),
});

const TokenId = Type.Object({ id: Type.String({ minLength: 1, maxLength: 255 }) });
const UserId = Type.Object({ userId: Type.String({ minLength: 1, maxLength: 255 }) });

/**
 * API access keys (the original's `ApiTokenResource`). Administrators manage every user's keys; a
 * user only their own. Keys are shown once, in the answer to their creation.
 */
export default defineRoutes('api-tokens', ['apiKeys'], ({ apiKeys }) => [
  route({
    method: 'POST',
    path: '/api/v1/apitoken',
    access: 'user',
    summary: 'Creates an API key for a user; answers its metadata (token) and the key itself (jwt), shown only here',
    answers: { 404: 'no active user has this id' },
    body: NewApiToken,
    response: {
      schema: Type.Object({ token: ApiTokenSchema, jwt: Type.String({ description: 'The key, shown only here' }) }),
    },
    handler: async ({ body, principal, request }) => {
      const created = await apiKeys.create(
        principal,
        {
          userId: body.userId,
          expirationSeconds: body.expirationSeconds,
          ...(body.network !== undefined ? { network: body.network } : {}),
          ...(body.claims?.label !== undefined ? { label: body.claims.label } : {}),
        },
        request.ip,
      );
      return { token: apiTokenView(created.token), jwt: created.jwt };
    },
  }),
  route({
    method: 'GET',
    path: '/api/v1/apitoken/expiring',
    access: 'user',
    summary: 'Live API keys expiring within 7 days (all users for administrators, else the caller’s own)',
    response: { schema: Type.Object({ tokens: Type.Array(ApiTokenSchema) }) },
    handler: async ({ principal }) => ({ tokens: (await apiKeys.expiring(principal)).map((t) => apiTokenView(t)) }),
  }),
  route({
    method: 'GET',
    path: '/api/v1/apitoken/:userId/tokens',
    access: 'user',
    summary: 'A user’s API keys, newest first: metadata only, never a key',
    response: { schema: Type.Object({ tokens: Type.Array(ApiTokenSchema) }) },
    params: UserId,
    handler: async ({ params, principal }) => ({
      tokens: (await apiKeys.list(principal, params.userId)).map((t) => apiTokenView(t)),
    }),
  }),
  route({
    method: 'PUT',
    path: '/api/v1/apitoken/:id/revoke',
    access: 'user',
    summary: 'Revokes an API key: calls with it get 401 (other processes: within auth.session.cache.seconds)',
    response: { schema: Type.Object({ revoked: ApiTokenSchema }) },
    answers: { 404: 'no such key, or another user’s and the caller is not an administrator' },
    params: TokenId,
    handler: async ({ params, principal }) => ({ revoked: apiTokenView(await apiKeys.revoke(principal, params.id)) }),
  }),
  route({
    method: 'DELETE',
    path: '/api/v1/apitoken/:id',
    access: 'user',
    summary: 'Deletes an API key (it stops working as a revoked one does)',
    response: { schema: Type.Object({ deleted: ApiTokenSchema }) },
    answers: { 404: 'no such key, or another user’s and the caller is not an administrator' },
    params: TokenId,
    handler: async ({ params, principal }) => ({ deleted: apiTokenView(await apiKeys.delete(principal, params.id)) }),
  }),
  route({
    method: 'PUT',
    path: '/api/v1/apitoken/users/:userId/revoke',
    access: 'user',
    summary: 'Revokes every live API key of a user',
    response: {
      schema: Type.Object({ revoked: Type.Integer({ minimum: 0, description: 'How many keys were revoked' }) }),
    },
    params: UserId,
    handler: async ({ params, principal }) => reply({ revoked: await apiKeys.revokeUser(principal, params.userId) }),
  }),
]);
