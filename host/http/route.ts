import type { Static, TSchema } from '@sinclair/typebox';
import type { Principal } from '../../core/auth/principal.js';
import type { Logger } from '../../core/logger.js';
import type { Pagination } from './envelope.js';

/** A request as routes see it: no uWS types beyond the adapter. */
export interface HttpRequest {
  readonly id: string;
  readonly method: string;
  readonly path: string;
  readonly query: URLSearchParams;
  /** Lower-case names. */
  readonly headers: Readonly<Record<string, string>>;
  readonly cookies: Readonly<Record<string, string>>;
  readonly ip: string;
  readonly secure: boolean;
  readonly rawBody: Buffer;
}

/**
 * Who may call a route.
 * - `public`: no authentication at all (probes, sign-in).
 * - `optional`: credentials are checked when present; anonymous callers get `principal: null`.
 * - `user`: a signed-in user is required (401 otherwise).
 * - `admin`: an administrator is required (401 anonymous, 403 others).
 */
export type RouteAccess = 'public' | 'optional' | 'user' | 'admin';

export interface RouteContext<Body> {
  request: HttpRequest;
  params: Readonly<Record<string, string>>;
  query: URLSearchParams;
  /** The body, parsed and checked against the route's schema. */
  body: Body;
  principal: Principal | null;
  log: Logger;
}

export interface RouteContextWithUser<Body> extends RouteContext<Body> {
  principal: Principal;
}

/** A handler's answer when it needs more than "200 with this entity". */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Record<string, string> = {},
    readonly cookies: string[] = [],
    /** Wrap the body in the envelope (default: when the path is under /api/v1 or /api/v2). */
    readonly envelope?: boolean,
    readonly pagination?: Pagination,
    readonly messages?: unknown[],
  ) {}
}

export interface ReplyOptions {
  status?: number;
  headers?: Record<string, string>;
  cookies?: string[];
  envelope?: boolean;
  pagination?: Pagination;
  messages?: unknown[];
}

export function reply(body: unknown, options: ReplyOptions = {}): Reply {
  return new Reply(
    options.status ?? 200,
    body,
    options.headers,
    options.cookies,
    options.envelope,
    options.pagination,
    options.messages,
  );
}

type Handler<Access extends RouteAccess, Body> = (
  context: Access extends 'user' | 'admin' ? RouteContextWithUser<Body> : RouteContext<Body>,
) => unknown;

export interface RouteDefinition<
  Access extends RouteAccess = RouteAccess,
  Schema extends TSchema | undefined = TSchema | undefined,
> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  path: string;
  access: Access;
  /** JSON body schema; requests whose body does not match get 400 with each problem listed. */
  body?: Schema;
  /** How the body is read: JSON (default when `body` is set) or left raw. */
  bodyFormat?: 'json' | 'raw';
  /** An empty body is accepted (the handler gets `undefined`); a non-empty one must match `body`. */
  optionalBody?: boolean;
  handler: Handler<Access, Schema extends TSchema ? Static<Schema> : undefined>;
}

/** Identity function that keeps each route's types precise inside an array. */
export function route<Access extends RouteAccess, Schema extends TSchema | undefined = undefined>(
  definition: RouteDefinition<Access, Schema>,
): RouteDefinition {
  return definition as unknown as RouteDefinition;
}
