import type { Readable } from 'node:stream';
import type { Static, TObject, TSchema } from '@sinclair/typebox';
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
 * A request as the adapter hands it to the pipeline: the head is read, the body may still be on the
 * wire. `rawBody` is empty until `readBody` resolves; the pipeline reads it only once the caller may
 * send one, so nothing an anonymous caller sends to a route that needs a user is ever held.
 */
export interface IncomingRequest extends HttpRequest {
  /** Reads the whole body into `rawBody` (bounded by `http.max.body.bytes`); a second call waits for the first. */
  readBody(): Promise<void>;
  /**
   * The body as a stream, read as it is consumed (bounded by `http.max.upload.bytes`): for routes
   * that accept `stream` and put the bytes on disk. A client that goes away fails the stream. Either
   * this or `readBody`, once. Optional so that requests made in-process for tools and tests may
   * leave it out: readers then stream `rawBody` after `readBody`.
   */
  bodyStream?(): Readable;
}

/**
 * Who may call a route.
 * - `public`: no authentication at all (probes, sign-in).
 * - `optional`: credentials are checked when present; anonymous callers get `principal: null`.
 * - `user`: a signed-in user is required (401 otherwise).
 * - `admin`: an administrator is required (401 anonymous, 403 others).
 */
export type RouteAccess = 'public' | 'optional' | 'user' | 'admin';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** `/a/:id/b/:name` → `'id' | 'name'`; a trailing `*rest` names the rest of the path. */
export type PathParamNames<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Name}`
    ? Name
    : Path extends `${string}*${infer Rest}`
      ? Rest
      : never;

/** The path parameters a handler receives: typed by the declared schema, else strings named by the path. */
export type ParamsOf<Path extends string, P> = P extends TObject ? Static<P> : { [K in PathParamNames<Path>]: string };

type StaticOr<S, Fallback> = S extends TSchema ? Static<S> : Fallback;

export interface RouteContext<Params, Query, Body, Caller extends Principal | null> {
  /** The body of a route that accepts `stream` is still unread here: see `IncomingRequest`. */
  request: IncomingRequest;
  /** Path parameters, decoded and checked against the route's declaration. */
  params: Params;
  /** Query parameters, converted and checked against the route's declaration. */
  query: Query;
  /** The body, parsed by the parser its Content-Type names and checked against the route's schema. */
  body: Body;
  principal: Caller;
  log: Logger;
}

/** A handler's answer when it needs more than "200 with this entity". */
export interface Reply {
  readonly kind: 'reply';
  readonly status: number;
  readonly body: unknown;
  readonly headers: Record<string, string>;
  readonly cookies: string[];
  /** For an answer in the envelope (as the route declares: `answerFraming`), its `pagination`. */
  readonly pagination?: Pagination;
  readonly messages?: unknown[];
}

export interface ReplyOptions {
  status?: number;
  headers?: Record<string, string>;
  cookies?: string[];
  pagination?: Pagination;
  messages?: unknown[];
}

export function reply(body: unknown, options: ReplyOptions = {}): Reply {
  return { kind: 'reply', headers: {}, cookies: [], ...options, status: options.status ?? 200, body };
}

export function isReply(value: unknown): value is Reply {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'reply';
}

/** What an answer of a route means, for readers of the route table and the OpenAPI document. */
export type RouteAnswers = Readonly<Partial<Record<number, string>>>;

/**
 * A successful answer as the OpenAPI document describes it. Not checked at run time: a handler's
 * answer is typed by `schema` (`Answer`), and the REST tests check real answers against it.
 */
export interface RouteResponse<S extends TSchema = TSchema> {
  /**
   * The envelope's `entity`, or the whole body of an answer outside the envelope. Left out: not
   * described. `Type.Never()`: the route never succeeds (the document has no 200 for it).
   */
  schema?: S;
  /** Default JSON. An answer of another type (`text/plain` keys) is never in the envelope. */
  mediaType?: string;
  /** The status of a success when it is not 200 (a reindex started: 202). */
  status?: number;
  /**
   * Whether the answer is in the envelope; default: JSON answers at enveloped paths (`/api/v1`,
   * `/api/v2`, `/api/v3`) are. The one place that decides: the pipeline writes and the document
   * describes the answer by it (`answerFraming`); a handler cannot frame an answer otherwise.
   */
  envelope?: boolean;
  /**
   * The whole body in each other type the route answers in, by what the request asks (the legacy
   * save's `type=json`); never in the envelope.
   */
  alternatives?: Readonly<Record<string, TSchema>>;
}

/**
 * A route: method, path, who may call it, and what it takes, all declared. The pipeline compiles the
 * declarations once and hands the handler typed, checked values; a handler parses nothing.
 */
export interface RouteDefinition<
  Path extends string = string,
  Access extends RouteAccess = RouteAccess,
  P extends TObject | undefined = TObject | undefined,
  Q extends TObject | undefined = TObject | undefined,
  B extends TSchema | undefined = TSchema | undefined,
  S extends TSchema = TSchema,
> {
  method: HttpMethod;
  path: Path;
  access: Access;
  /** One line for the route table and the OpenAPI document. */
  summary: string;
  /** Path parameters. When left out, each `:name` of the path is a non-empty string of at most 255 characters. */
  params?: P;
  /** Query parameters; members the schema does not name are ignored. Strings are converted to the declared types. */
  query?: Q;
  /** The body; requests whose body does not match get 400 with each problem listed. */
  body?: B;
  /**
   * Media types the body may come in, each read by the body-parser registry (default: JSON). A body
   * of another type is answered 415. `raw` hands the handler the bytes as they came. `stream` reads
   * nothing before the handler (authentication still comes first): the handler gets `body:
   * undefined` and reads the request itself, whole (`await request.readBody()`, then
   * `request.rawBody`) or as a multipart form spooled to disk (`readMultipartForm`). Its bodies may
   * be as large as `http.max.upload.bytes`; a whole read still stops at `http.max.body.bytes`.
   */
  accepts?: readonly string[] | 'raw' | 'stream';
  /** An empty body is accepted (the handler gets `undefined`); a non-empty one must match `body`. */
  optionalBody?: boolean;
  /**
   * The route changes stored data although its method is a safe one (the original's GET that
   * generates a key): it is refused cross-site as every write is, so a link on another site cannot
   * make a signed-in browser call it.
   */
  changesState?: boolean;
  /**
   * Pages of any site may call the route from a browser (the analytics tracker runs on the sites the
   * service serves): no cross-site refusal, a preflight that allows any origin to send
   * `Content-Type`, and `Access-Control-Allow-Origin: *` on every answer. Only for a `public` route
   * at a path without parameters: it reads no credentials, so any origin gains nothing a script
   * could not do without a browser.
   */
  openToAllSites?: boolean;
  /**
   * For a `public` route that checks a credential of its own (a pushed bundle's key): runs after
   * the head is read and before the body is, and throws to refuse, so what a caller without the
   * credential sends is never held.
   */
  guard?(request: HttpRequest): void;
  /** Statuses this route answers beyond the usual 400/401/403, with what they mean. */
  answers?: RouteAnswers;
  /** What a successful answer carries, for the OpenAPI document and the tests that check real answers. */
  response?: RouteResponse<S>;
  /**
   * For a route that reads its body itself (`accepts: 'raw'` or `'stream'`): what it takes, by media
   * type, for the OpenAPI document. The handler reads and checks it.
   */
  bodyTypes?: Readonly<Record<string, TSchema>>;
  handler(
    // NoInfer: the types come from the declarations above, never back from the handler.
    context: NoInfer<
      RouteContext<
        ParamsOf<Path, P>,
        StaticOr<Q, Record<string, never>>,
        B extends TSchema ? Static<B> : undefined,
        Access extends 'user' | 'admin' ? Principal : Principal | null
      >
    >,
  ): Answer<S> | Promise<Answer<S>>;
}

/**
 * What a handler may answer: the declared answer itself, so that an answer that drifts from the
 * published schema does not compile, or a `Reply` (a status, headers, text or bytes written as they
 * are, an error body), whose body the REST tests check against the document instead.
 */
export type Answer<S extends TSchema> = Static<S> | Reply;

/** A route with its types erased, as the pipeline keeps it. */
export type AnyRoute = RouteDefinition<
  string,
  RouteAccess,
  TObject | undefined,
  TObject | undefined,
  TSchema | undefined
>;

/** Identity function that keeps each route's types precise inside an array. */
export function route<
  const Path extends string,
  Access extends RouteAccess,
  P extends TObject | undefined = undefined,
  Q extends TObject | undefined = undefined,
  B extends TSchema | undefined = undefined,
  S extends TSchema = TSchema,
>(definition: RouteDefinition<Path, Access, P, Q, B, S>): AnyRoute {
  return definition as unknown as AnyRoute;
}
