import type { HttpResponse } from './pipeline.js';
import type { HttpRequest } from './route.js';

/** Which other sites' pages may call the service from a browser (`http.cors.*`). */
export interface CorsPolicy {
  origins: ReadonlySet<string>;
  credentials: boolean;
  maxAgeSeconds: number;
}

/** The request headers browsers may send: what this interface's clients send. */
const ALLOWED_HEADERS = 'Authorization, Content-Type, CMSAUTH, X-Request-Id';

/** The headers that let an allowed origin read an answer; none for any other caller. */
export function corsHeaders(request: HttpRequest, policy: CorsPolicy): Record<string, string> {
  const origin = request.headers.origin;
  if (origin === undefined || !policy.origins.has(origin)) return {};
  return {
    'Access-Control-Allow-Origin': origin,
    Vary: 'Origin',
    ...(policy.credentials ? { 'Access-Control-Allow-Credentials': 'true' } : {}),
  };
}

/**
 * The answer to a preflight (`OPTIONS`): the methods the path has, and, for an allowed origin, what
 * it may send and for how long the browser may remember it. Other callers learn only `Allow`.
 */
export function preflight(request: HttpRequest, methods: readonly string[], policy: CorsPolicy): HttpResponse {
  const allow = [...new Set([...methods, 'OPTIONS'])].join(', ');
  const cors = corsHeaders(request, policy);
  const headers: Record<string, string> =
    Object.keys(cors).length === 0
      ? { Allow: allow }
      : {
          Allow: allow,
          ...cors,
          'Access-Control-Allow-Methods': allow,
          'Access-Control-Allow-Headers': ALLOWED_HEADERS,
          'Access-Control-Max-Age': String(policy.maxAgeSeconds),
        };
  return { status: 204, headers, cookies: [], body: '' };
}

/** What every answer of a route open to all sites carries (see `RouteDefinition.openToAllSites`). */
export const OPEN_TO_ALL_SITES = { 'Access-Control-Allow-Origin': '*' } as const;

/** The preflight of a path whose routes are open to all sites: any origin may send `Content-Type`. */
export function openPreflight(methods: readonly string[], maxAgeSeconds: number): HttpResponse {
  const allow = [...new Set([...methods, 'OPTIONS'])].join(', ');
  return {
    status: 204,
    headers: {
      Allow: allow,
      ...OPEN_TO_ALL_SITES,
      'Access-Control-Allow-Methods': allow,
      'Access-Control-Allow-Headers': 'Content-Type',
      'Access-Control-Max-Age': String(maxAgeSeconds),
    },
    cookies: [],
    body: '',
  };
}
