import { Type } from '@sinclair/typebox';
import type { AuthService } from '../../core/auth/auth-service.js';
import { SESSION_COOKIE_NAME } from '../../core/auth/session-cookie.js';
import { serializeCookie } from '../http/cookies.js';
import { envelope } from '../http/envelope.js';
import { reply, route, type RouteDefinition } from '../http/route.js';
import { currentUserView } from '../views/user-view.js';

const SignIn = Type.Object({
  user: Type.String({ minLength: 1, maxLength: 320 }),
  password: Type.String({ maxLength: 1024 }),
  rememberMe: Type.Optional(Type.Boolean()),
});

/** Sign-in, sign-out and "who am I". */
export function authenticationRoutes(auth: AuthService, sessionTimeoutMs: number): RouteDefinition[] {
  return [
    route({
      method: 'POST',
      path: '/api/v1/authentication',
      access: 'public',
      body: SignIn,
      handler: async ({ body, request }) => {
        const principal = await auth.verifyPassword(body.user, body.password);
        const token = await auth.createSession(principal.user.userId);
        const cookie = serializeCookie(SESSION_COOKIE_NAME, token, {
          httpOnly: true,
          secure: request.secure,
          sameSite: 'Lax',
          maxAgeSeconds: sessionTimeoutMs / 1000,
        });
        return reply(currentUserView(principal), { cookies: [cookie] });
      },
    }),
    route({
      method: 'GET',
      path: '/api/v1/logout',
      access: 'public',
      handler: async ({ request }) => {
        const token = request.cookies[SESSION_COOKIE_NAME];
        if (token) await auth.endSession(token);
        return reply('Logout successful', {
          cookies: [serializeCookie(SESSION_COOKIE_NAME, '', { secure: request.secure, maxAgeSeconds: 0 })],
        });
      },
    }),
    route({
      method: 'GET',
      path: '/api/v1/users/current',
      access: 'user',
      // The original answers the bare user object; the envelope members are added beside it so that
      // envelope-reading clients work too.
      handler: ({ principal }) => {
        const user = currentUserView(principal);
        return reply({ ...user, ...envelope(user) }, { envelope: false });
      },
    }),
  ];
}
