import { ACCESS_TOKEN_COOKIE_NAME, SESSION_COOKIE_NAME } from '../../core/auth/session-cookie.js';
import type { RouteAccess } from '../http/route.js';

/** The built-in auth schemes as OpenAPI security schemes, by the names `auth.schemes` lists. */
const BUILT_IN: Readonly<Record<string, Record<string, unknown>>> = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'An API key: `POST /api/v1/apitoken` or `POST /api/v1/authentication/api-token` answers one.',
  },
  session: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE_NAME,
    description: 'The session cookie `POST /api/v1/authentication` sets.',
  },
  'access-token': {
    type: 'apiKey',
    in: 'cookie',
    name: ACCESS_TOKEN_COOKIE_NAME,
    description: 'The auto-login cookie a sign-in with `rememberMe` sets.',
  },
  basic: { type: 'http', scheme: 'basic', description: 'E-mail address and password.' },
  'legacy-header': {
    type: 'apiKey',
    in: 'header',
    name: 'CMSAUTH',
    description: 'The legacy header: base64 of `user:password`.',
  },
};

/**
 * The security schemes of the document: those of `auth.schemes` that are built in, in the order they
 * are tried. A scheme a plugin contributes is not described: its plugin alone knows what it reads.
 */
export function securitySchemes(configured: readonly string[]): Record<string, Record<string, unknown>> {
  const out: Record<string, Record<string, unknown>> = {};
  for (const name of configured) if (BUILT_IN[name]) out[name] = BUILT_IN[name];
  return out;
}

/**
 * An operation's security requirement from its access: none for `public`, any one scheme for
 * `user` and `admin`, and the empty requirement (anonymous) beside them for `optional`.
 */
export function securityOf(access: RouteAccess, schemes: readonly string[]): Array<Record<string, string[]>> {
  if (access === 'public') return [];
  const any = schemes.map((name) => ({ [name]: [] as string[] }));
  return access === 'optional' ? [{}, ...any] : any;
}
