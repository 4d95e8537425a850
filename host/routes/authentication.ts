import { Type } from '@sinclair/typebox';
import { ACCESS_TOKEN_COOKIE_NAME, SESSION_COOKIE_NAME } from '../../core/auth/session-cookie.js';
import { CmsError, Errors } from '../../core/errors/index.js';
import { serializeCookie } from '../http/cookies.js';
import { envelope, JSON_TYPE } from '../http/envelope.js';
import type { Principal } from '../../core/auth/principal.js';
import { reply, route } from '../http/route.js';
import { defineRoutes } from './route-module.js';
import { isCrossSite } from '../http/cross-site.js';
import { CurrentUserSchema, currentUserView } from '../views/user-view.js';

const SignIn = Type.Object({
  user: Type.String({ minLength: 1, maxLength: 320 }),
  password: Type.String({ maxLength: 1024 }),
  rememberMe: Type.Optional(Type.Boolean()),
});

/**
 * "Who am I", serialised once per principal: signed-in callers poll it, and a principal is an
 * immutable value the credential and session caches hand out again for as long as they hold it.
 * The original answers the bare user object; the envelope members are added beside it so that
 * envelope-reading clients work too.
 */
const currentUserAnswers = new WeakMap<Principal, string>();
function currentUserAnswer(principal: Principal): string {
  let answer = currentUserAnswers.get(principal);
  if (answer === undefined) {
    const user = currentUserView(principal);
    answer = JSON.stringify({ ...user, ...envelope(user) });
    currentUserAnswers.set(principal, answer);
  }
  return answer;
}

const DAY_SECONDS = 86_400;

const NewOwnApiToken = Type.Object({
  user: Type.String({ minLength: 1, maxLength: 320 }),
  password: Type.String({ maxLength: 1024 }),
  expirationDays: Type.Optional(Type.Integer({ minimum: 1 })),
  label: Type.Optional(Type.String({ maxLength: 255 })),
});

/** Sign-in, sign-out and "who am I". */
export default defineRoutes(
  'authentication',
  ['auth', 'settings', 'autoLogin', 'apiKeys'],
  ({ auth, settings, autoLogin, apiKeys }) => {
    const allowedOrigins = new Set(settings.corsOrigins);
    const sessionsEnabled = settings.authSchemes.includes('session');
    const clearAutoLogin = (secure: boolean) =>
      serializeCookie(ACCESS_TOKEN_COOKIE_NAME, '', { httpOnly: true, secure, sameSite: 'Lax', maxAgeSeconds: 0 });
    return [
      route({
        method: 'POST',
        path: '/api/v1/authentication',
        access: 'public',
        summary: 'Signs in with user and password; answers the user and sets the session cookie',
        answers: {
          401: 'wrong credentials',
          403: 'the session scheme is not in auth.schemes',
          429: 'too many failed attempts from this address, or for this account',
          503: 'too many sign-ins at once',
        },
        body: SignIn,
        response: { schema: CurrentUserSchema },
        handler: async ({ body, request }) => {
          // A cookie no request would accept is a sign-in that silently fails later: refuse it now,
          // before the password is checked (a refusal costs no hash and counts no failure).
          if (!sessionsEnabled) throw new CmsError(Errors.AUTH_SESSION_DISABLED);
          const principal = await auth.verifyPassword(body.user, body.password, { ip: request.ip });
          const token = await auth.createSession(principal.user.userId);
          const cookie = serializeCookie(SESSION_COOKIE_NAME, token, {
            httpOnly: true,
            secure: request.secure,
            // No Max-Age: the cookie lives as long as the browser session, and the server's idle
            // timeout (which slides with use) decides when the session ends, as the original's does.
            sameSite: 'Lax',
          });
          const cookies = [cookie];
          const remembered =
            body.rememberMe === true ? await autoLogin.issue(principal.user.userId, request) : undefined;
          if (remembered)
            cookies.push(
              serializeCookie(ACCESS_TOKEN_COOKIE_NAME, remembered.jwt, {
                httpOnly: true,
                secure: request.secure,
                sameSite: 'Lax',
                maxAgeSeconds: remembered.maxAgeSeconds,
              }),
            );
          return reply(currentUserView(principal), { cookies });
        },
      }),
      route({
        method: 'POST',
        path: '/api/v1/authentication/api-token',
        access: 'public',
        summary: 'Creates an API key for oneself from user and password; answers it once (entity.token)',
        answers: {
          401: 'wrong credentials',
          429: 'too many failed attempts from this address, or for this account',
          503: 'too many sign-ins at once',
        },
        body: NewOwnApiToken,
        response: { schema: Type.Object({ token: Type.String({ description: 'The API key, shown only here' }) }) },
        handler: async ({ body, request }) => {
          const principal = await auth.verifyPassword(body.user, body.password, { ip: request.ip });
          const created = await apiKeys.create(
            principal,
            {
              userId: principal.user.userId,
              expirationSeconds: (body.expirationDays ?? 30) * DAY_SECONDS,
              ...(body.label !== undefined ? { label: body.label } : {}),
            },
            request.ip,
          );
          return { token: created.jwt };
        },
      }),
      route({
        method: 'GET',
        path: '/api/v1/logout',
        access: 'public',
        summary: 'Ends the session of the cookie sent, if any (a request from another site ends nothing)',
        response: { schema: Type.Literal('Logout successful') },
        handler: async ({ request }) => {
          // A GET that changes state: a page of another site could end a user's session with an <img>.
          if (isCrossSite(request, allowedOrigins)) return reply('Logout successful');
          const token = request.cookies[SESSION_COOKIE_NAME];
          if (token) await auth.endSession(token);
          const remembered = request.cookies[ACCESS_TOKEN_COOKIE_NAME];
          if (remembered) await autoLogin.end(remembered);
          return reply('Logout successful', {
            cookies: [
              serializeCookie(SESSION_COOKIE_NAME, '', { secure: request.secure, maxAgeSeconds: 0 }),
              clearAutoLogin(request.secure),
            ],
          });
        },
      }),
      route({
        method: 'GET',
        path: '/api/v1/users/current',
        access: 'user',
        summary: 'The signed-in user',
        // The user's members are also answered beside the envelope's, as the original answers them.
        response: { schema: CurrentUserSchema },
        handler: ({ principal }) => reply(currentUserAnswer(principal), { headers: { 'Content-Type': JSON_TYPE } }),
      }),
    ];
  },
);
