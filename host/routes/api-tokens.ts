import { Type } from '@sinclair/typebox';
import { CmsError, Errors } from '../../core/errors/index.js';
import { reply, route } from '../http/route.js';
import { defineRoutes } from './route-module.js';
import { ApiTokenSchema, apiTokenView } from '../views/api-token-view.js';

/** `userId` left out: a key for the caller, as the original issues it. */
const NewApiToken = Type.Object({
  userId: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })),
  expirationSeconds: Type.Integer({ minimum: 1 }),
  network: Type.Optional(Type.String({ maxLength: 100 })),
  claims: Type.Optional(Type.Object({ label: Type.Optional(Type.String({ maxLength: 255 })) })),
  shouldBeAdmin: Type.Optional(Type.Boolean()),
});

/** The original's remote request: the key wanted, where to ask, and the remote account. */
const RemoteApiToken = Type.Object({
  token: Type.Object({
    expirationSeconds: Type.Integer({ minimum: 1 }),
    network: Type.Optional(Type.String({ maxLength: 100 })),
    claims: Type.Optional(Type.Object({ label: Type.Optional(Type.String({ maxLength: 255 })) })),
  }),
  remote: Type.Object({
    host: Type.String({ minLength: 1, maxLength: 253, pattern: '^[A-Za-z0-9._:\\[\\]-]+$' }),
    // The original's clients send the port as a string as often as a number.
    port: Type.Union([Type.Integer({ minimum: 1, maximum: 65_535 }), Type.String({ pattern: '^[0-9]{1,5}$' })]),
    protocol: Type.Union([Type.Literal('http'), Type.Literal('https')]),
  }),
  auth: Type.Object({
    login: Type.String({ minLength: 1, maxLength: 320 }),
    password: Type.Optional(Type.String({ maxLength: 4096, description: 'The password, in base64' })),
  }),
});

const TokenId = Type.Object({ id: Type.String({ minLength: 1, maxLength: 255 }) });
const UserId = Type.Object({ userId: Type.String({ minLength: 1, maxLength: 255 }) });

/**
 * API access keys (the original's `ApiTokenResource`). Administrators manage every user's keys; a
 * user only their own. Keys are shown once, in the answer to their creation.
 */
export default defineRoutes(
  'api-tokens',
  ['apiKeys', 'remoteApiTokens', 'settings'],
  ({ apiKeys, remoteApiTokens, settings }) => [
    route({
      method: 'POST',
      path: '/api/v1/apitoken',
      access: 'user',
      summary:
        'Creates an API key for a user (the caller when userId is left out); answers its metadata (token) and the key itself (jwt). shouldBeAdmin: refused unless the user is an administrator',
      answers: { 404: 'no active user has this id' },
      body: NewApiToken,
      response: {
        schema: Type.Object({ token: ApiTokenSchema, jwt: Type.String({ description: 'The key, shown only here' }) }),
      },
      handler: async ({ body, principal, request }) => {
        const created = await apiKeys.create(
          principal,
          {
            userId: body.userId ?? principal.user.userId,
            expirationSeconds: body.expirationSeconds,
            ...(body.shouldBeAdmin !== undefined ? { shouldBeAdmin: body.shouldBeAdmin } : {}),
            ...(body.network !== undefined ? { network: body.network } : {}),
            ...(body.claims?.label !== undefined ? { label: body.claims.label } : {}),
          },
          request.ip,
        );
        return { token: apiTokenView(created.token), jwt: created.jwt };
      },
    }),
    route({
      method: 'PUT',
      path: '/api/v1/apitoken/remote',
      access: 'admin',
      summary:
        'Asks another installation for an API key of the remote account given (auth.password in base64), and answers what it answers. Outbound rules apply: outbound.http.timeout.ms, no redirect, private addresses only as push.allowed.addresses lists them',
      answers: {
        400: 'the remote is on a private network push.allowed.addresses does not list',
        403: 'ENABLE_PROXY_TOKEN_REQUESTS is false, or the caller is not an administrator',
        404: 'the remote could not be reached',
      },
      body: RemoteApiToken,
      response: {
        schema: Type.Object({
          token: ApiTokenSchema,
          jwt: Type.String({ description: 'The remote key, as the remote answered it' }),
        }),
      },
      handler: async ({ body }) => {
        if (!settings.tokens.remoteRequests) throw new CmsError(Errors.TOKEN_REMOTE_DISABLED);
        const port = Number(body.remote.port);
        if (!(port >= 1 && port <= 65_535))
          throw new CmsError(
            Errors.HTTP_BODY_INVALID,
            { problem: 'remote.port must be between 1 and 65535' },
            { fieldName: 'remote.port' },
          );
        const answer = await remoteApiTokens({ ...body, remote: { ...body.remote, port } });
        // Passed on as it came, status included, as the original does: the remote's own refusal
        // (wrong credentials, not an administrator) is what the caller needs to see.
        return reply(answer.body, { status: answer.status, headers: { 'Content-Type': answer.contentType } });
      },
    }),
    route({
      method: 'GET',
      path: '/api/v1/apitoken/:id/jwt',
      access: 'admin',
      summary: 'The key of a live API key again (entity.jwt); expired and revoked keys are refused',
      answers: { 400: 'the key is expired or revoked', 404: 'no such key' },
      params: TokenId,
      response: { schema: Type.Object({ jwt: Type.String() }) },
      handler: async ({ params, principal }) => ({ jwt: await apiKeys.jwt(principal, params.id) }),
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
  ],
);
