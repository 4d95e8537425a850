import { CmsError, Errors } from '../../core/errors/index.js';
import type { Authenticator } from '../../core/auth/authenticator.js';
import type { Principal } from '../../core/auth/principal.js';
import type { Logger } from '../../core/logger.js';
import { BodyParsers, jsonBodyParser } from './body-parsers.js';
import { answerFraming, type AnswerFraming } from './answer-framing.js';
import { envelope, JSON_TYPE } from './envelope.js';
import { mapError } from './error-mapper.js';
import { corsHeaders, OPEN_TO_ALL_SITES, openPreflight, preflight, type CorsPolicy } from './cors.js';
import { isCrossSite, isForgeable } from './cross-site.js';
import { RequestReader } from './request-reader.js';
import { securityHeaders, withSecurityHeaders } from './security-headers.js';
import { isReply, reply, type AnyRoute, type IncomingRequest } from './route.js';
import { Router } from './router.js';
import { isStreamedBody, type StreamedBody } from './streamed-body.js';
import type { AccessEntry } from '../logger.js';

/** What the adapter writes back. */
export interface HttpResponse {
  status: number;
  headers: Record<string, string>;
  cookies: string[];
  body: string | Buffer;
  /** Set instead of `body` (which is then empty) for a body the adapter streams: a served file. */
  stream?: StreamedBody;
}

interface CompiledRoute {
  definition: AnyRoute;
  reader: RequestReader;
  area: string;
  /** Worked out once from the declaration, as the OpenAPI document works it out. */
  framing: AnswerFraming;
}

/** A registered route as the route table and the OpenAPI document see it. */
export interface RegisteredRoute {
  method: string;
  /** As the router keeps it: trailing slashes removed. */
  path: string;
  access: string;
  summary: string;
  /** The route module's area (`users`, `workflow fire`). */
  area: string;
  definition: AnyRoute;
}

/**
 * The request path, independent of the socket library: match the route, authenticate, read the
 * declared parameters, query and body, call the handler, wrap the answer in the envelope, map any
 * error. Writes one access-log line per request.
 */
export class HttpPipeline {
  private readonly router = new Router<CompiledRoute>();

  constructor(
    private readonly authenticator: Authenticator,
    private readonly log: Logger,
    private readonly options: {
      parsers?: BodyParsers;
      /** Writes the access-log line of a request (default: an `info` line through `log`). */
      accessLog?: (entry: AccessEntry) => void;
      /** Send Strict-Transport-Security (the service is reached over HTTPS only). */
      hsts?: boolean;
      /** Other sites whose pages may call the service from a browser (`http.cors.*`). */
      cors?: Omit<CorsPolicy, 'origins'> & { origins: readonly string[] };
      /** `auth.unauthorized.body=text`: a 401 is the message alone, as text, as the original answers it. */
      unauthorizedAsText?: boolean;
      /**
       * `auth.basic.session`: after a request signed in with Basic credentials, the cookie of a new
       * session when the request held no live one (the original's Basic sign-in leaves a session).
       */
      basicSessionCookie?: (principal: Principal, request: IncomingRequest) => Promise<string | undefined>;
    } = {},
  ) {
    this.cors = {
      origins: new Set(options.cors?.origins ?? []),
      credentials: options.cors?.credentials ?? false,
      maxAgeSeconds: options.cors?.maxAgeSeconds ?? 600,
    };
    this.securityHeaders = securityHeaders({ hsts: options.hsts ?? false });
    this.parsers = options.parsers ?? new BodyParsers([jsonBodyParser]);
    this.accessLog = options.accessLog ?? ((entry) => log.info(entry, 'request'));
  }

  private readonly parsers: BodyParsers;
  private readonly accessLog: (entry: AccessEntry) => void;
  private readonly securityHeaders: Readonly<Record<string, string>>;
  private readonly cors: CorsPolicy;

  /** Paths of the routes open to all sites (`RouteDefinition.openToAllSites`). */
  private readonly openPaths = new Set<string>();

  add(definitions: readonly AnyRoute[], area = 'other'): void {
    for (const definition of definitions) {
      if (definition.openToAllSites) {
        if (definition.access !== 'public' || definition.path.includes(':'))
          throw new Error(
            `${definition.method} ${definition.path}: only a public route at a fixed path may be open to all sites`,
          );
        this.openPaths.add(definition.path);
      }
      this.router.add(definition.method, definition.path, {
        definition,
        reader: new RequestReader(definition, this.parsers),
        area,
        framing: answerFraming(definition),
      });
    }
  }

  /** Whether the route a request goes to reads its body as a stream (`accepts: 'stream'`), for the adapter's limits. */
  streams(method: string, path: string): boolean {
    const match = this.router.match(method, path);
    return match.kind === 'found' && match.value.definition.accepts === 'stream';
  }

  routes(): RegisteredRoute[] {
    return this.router.routes().map((r) => registered(r.method, r.path, r.value));
  }

  /** Compiles every route's request checks now (each compiles for its first request otherwise). */
  compileRequestChecks(): void {
    for (const { value } of this.router.routes()) value.reader.compileChecks();
  }

  /** The route a request goes to (`path` without its query), as `routes()` lists it; undefined when none does. */
  routeOf(method: string, path: string): RegisteredRoute | undefined {
    const match = this.router.match(method, path);
    return match.kind === 'found'
      ? registered(method.toUpperCase(), match.value.definition.path, match.value)
      : undefined;
  }

  async handle(request: IncomingRequest): Promise<HttpResponse> {
    const started = performance.now();
    const log = new RequestLogger(this.log, request.id);
    let response: HttpResponse;
    try {
      response = await this.dispatch(request, log);
    } catch (error) {
      response = this.mapped(error, log);
    }
    // Browsers prompt for (and then replay) Basic credentials only when asked: ask only a caller who sent them.
    if (response.status === 401 && !/^basic /i.test(request.headers.authorization ?? '')) {
      const { 'WWW-Authenticate': _asked, ...rest } = response.headers;
      response = { ...response, headers: rest };
    }
    const authenticated =
      request.headers.authorization !== undefined ||
      request.headers.cookie !== undefined ||
      request.headers.cmsauth !== undefined;
    response = withSecurityHeaders(response, this.securityHeaders, authenticated);
    const cors = this.openPaths.has(request.path) ? OPEN_TO_ALL_SITES : corsHeaders(request, this.cors);
    if (cors['Access-Control-Allow-Origin']) response = { ...response, headers: { ...response.headers, ...cors } };
    const ms = Math.round((performance.now() - started) * 100) / 100;
    this.accessLog({ reqId: request.id, method: request.method, path: request.path, status: response.status, ms });
    return response;
  }

  /** The answer to an error, through the one mapper: also used by the adapter for what it refuses itself (framing, 413, 503). */
  errorResponse(error: unknown): HttpResponse {
    return withSecurityHeaders(this.mapped(error, this.log), this.securityHeaders, false);
  }

  /** An error as the mapper answers it; `handle` adds the headers every answer carries. */
  private mapped(error: unknown, log: Logger): HttpResponse {
    const { status, body, headers } = mapError(error, log);
    if (status === 401 && this.options.unauthorizedAsText)
      return { status, headers: { ...headers, 'Content-Type': TEXT_TYPE }, cookies: [], body: body.message };
    return jsonResponse(status, body, headers);
  }

  private async dispatch(request: IncomingRequest, log: Logger): Promise<HttpResponse> {
    const match = this.router.match(request.method, request.path);
    if (match.kind === 'not_found') throw new CmsError(Errors.HTTP_ROUTE_NOT_FOUND);
    if (request.method === 'OPTIONS' && match.kind === 'method_not_allowed') {
      return this.openPaths.has(request.path)
        ? openPreflight(match.allowed, this.cors.maxAgeSeconds)
        : preflight(request, match.allowed, this.cors);
    }
    if (match.kind === 'method_not_allowed') {
      throw new CmsError(Errors.HTTP_METHOD_NOT_ALLOWED, { method: request.method }, { allow: match.allowed });
    }
    const { definition, reader, framing } = match.value;
    // Before credentials are even looked at: a form or script on another site must not act with
    // the browser's session cookie or remembered Basic credentials.
    const forged = definition.openToAllSites
      ? false
      : definition.changesState
        ? isCrossSite(request, this.cors.origins)
        : isForgeable(request, this.cors.origins);
    if (forged) throw new CmsError(Errors.HTTP_CROSS_SITE_REFUSED);
    const principal = definition.access === 'public' ? null : await this.authenticator.authenticate(request);
    if ((definition.access === 'user' || definition.access === 'admin') && principal === null) {
      throw new CmsError(Errors.AUTH_INVALID_USER);
    }
    if (definition.access === 'admin' && !principal!.admin) throw new CmsError(Errors.AUTH_FORBIDDEN);
    definition.guard?.(request);
    // Only now is the body read: what a caller who may not use the route sends is never held. A
    // route that streams reads it itself.
    if (definition.accepts !== 'stream') await request.readBody();

    const params = reader.readParams(match.params);
    const query = reader.readQuery(request);
    const body = reader.readBody(request);
    const result = await definition.handler({ request, params, query, body, principal, log } as never);
    const response = this.render(framing, result);
    const sessionCookie =
      principal && this.options.basicSessionCookie && /^basic /i.test(request.headers.authorization ?? '')
        ? await this.options.basicSessionCookie(principal, request)
        : undefined;
    return sessionCookie ? { ...response, cookies: [...response.cookies, sessionCookie] } : response;
  }

  /** The handler's answer as written: bytes and text with their type as they are, JSON framed as the route declares. */
  private render(framing: AnswerFraming, result: unknown): HttpResponse {
    const r = isReply(result) ? result : reply(result);
    const headers = { ...r.headers };
    if (isStreamedBody(r.body)) return { status: r.status, headers, cookies: r.cookies, body: '', stream: r.body };
    let body: string | Buffer;
    if (Buffer.isBuffer(r.body) || (typeof r.body === 'string' && headers['Content-Type'] !== undefined)) {
      body = r.body as string | Buffer;
    } else {
      const payload =
        framing === 'envelope' ? envelope(r.body ?? null, { pagination: r.pagination, messages: r.messages }) : r.body;
      body = payload === undefined ? '' : JSON.stringify(payload);
      if (body !== '') headers['Content-Type'] ??= JSON_TYPE;
    }
    return { status: r.status, headers, cookies: r.cookies, body };
  }
}

/** A request's logger, bound to its id; made only when something logs through it: most requests never do. */
class RequestLogger implements Logger {
  private bound: Logger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly reqId: string,
  ) {}

  private get log(): Logger {
    return (this.bound ??= this.parent.child({ reqId: this.reqId }));
  }

  debug(fields: object, message: string): void {
    this.log.debug(fields, message);
  }
  info(fields: object, message: string): void {
    this.log.info(fields, message);
  }
  warn(fields: object, message: string): void {
    this.log.warn(fields, message);
  }
  error(fields: object, message: string): void {
    this.log.error(fields, message);
  }
  child(bindings: object): Logger {
    return this.log.child(bindings);
  }
}

const TEXT_TYPE = 'text/plain; charset=utf-8';

/** An answer the pipeline writes itself (errors): JSON, no cookies. */
function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): HttpResponse {
  return { status, headers: { 'Content-Type': JSON_TYPE, ...headers }, cookies: [], body: JSON.stringify(body) };
}

function registered(method: string, path: string, route: CompiledRoute): RegisteredRoute {
  const { definition, area } = route;
  return { method, path, access: definition.access, summary: definition.summary, area, definition };
}
