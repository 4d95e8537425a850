import { Type, type Static, type TObject, type TSchema } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { CmsError, detail, type ErrorDetail, Errors } from '../../core/errors/index.js';
import { BodyParsers, JSON_MEDIA_TYPE, parseContentType } from './body-parsers.js';
import { compileCoercer, type Coercer } from './coerce.js';
import type { AnyRoute, HttpRequest } from './route.js';
import { explainErrors } from './union-errors.js';

/**
 * A schema option naming the error a malformed value answers instead of the generic one, where the
 * original answers a message of its own (`The provided languageId does not exist`).
 */
export const INVALID_AS = 'x-invalid-as';
export type InvalidAs = (name: string) => Error;

/** Where a value came from, for the error that names it. */
type Location = 'path' | 'query' | 'body';

const GENERIC_ERROR = {
  path: Errors.HTTP_PATH_PARAMETER_INVALID,
  query: Errors.HTTP_QUERY_INVALID,
  body: Errors.HTTP_BODY_INVALID,
} as const;
const MAX_DETAILS = 20;
const EMPTY: Readonly<Record<string, never>> = Object.freeze({});

/**
 * A compiled check of one part of the request: converts, validates, and reports every problem.
 * Compiled when the first request needs it, not when the route is added: a start registers some
 * hundreds of routes, compiling them all took a fifth of its time, and most serve nothing for long.
 */
class Checked {
  private compiled: { schema: TSchema; check: TypeCheck<TSchema>; coerce: Coercer } | undefined;

  /** `schemaOf` is called once, when the check is compiled. */
  constructor(
    private readonly schemaOf: () => TSchema,
    private readonly location: Location,
  ) {}

  /** Compiles now, when no request has yet (the route table's check that every schema compiles). */
  compile(): { schema: TSchema; check: TypeCheck<TSchema>; coerce: Coercer } {
    if (!this.compiled) {
      const schema = this.schemaOf();
      this.compiled = { schema, check: TypeCompiler.Compile(schema), coerce: compileCoercer(schema) };
    }
    return this.compiled;
  }

  read(value: unknown): unknown {
    const { check, coerce } = this.compile();
    const converted = coerce(value);
    if (check.Check(converted)) return converted;
    throw this.invalid(check, converted);
  }

  private invalid(check: TypeCheck<TSchema>, value: unknown): Error {
    const details: ErrorDetail[] = [];
    const seen = new Set<string>();
    for (const error of explainErrors(check.Errors(value))) {
      const fieldName = error.path.replace(/^\//, '').replace(/\//g, '.') || null;
      const custom = fieldName && this.customError(fieldName);
      if (custom) return custom;
      if (seen.has(fieldName ?? '')) continue;
      seen.add(fieldName ?? '');
      const where = this.location === 'body' ? '' : this.location === 'query' ? 'Query parameter ' : 'Path parameter ';
      details.push(
        fieldName
          ? detail(Errors.badType, { field: `${where}${fieldName}`, problem: error.message }, fieldName)
          : detail(GENERIC_ERROR[this.location], { problem: error.message }, null),
      );
      if (details.length >= MAX_DETAILS) break;
    }
    const message = details[0]?.message ?? `The request ${this.location} is not valid`;
    return new CmsError(GENERIC_ERROR[this.location], { problem: message }, { details });
  }

  private customError(fieldName: string): Error | undefined {
    const member = (this.compile().schema as TObject).properties?.[fieldName] as
      (TSchema & { [INVALID_AS]?: InvalidAs }) | undefined;
    return member?.[INVALID_AS]?.(fieldName);
  }
}

/** The path parameters named by a path, when the route declares none: non-empty strings of at most 255 characters. */
export function pathParamsSchema(path: string): TObject {
  const names = [...path.matchAll(/[:*]([A-Za-z_][A-Za-z0-9_]*)/g)].map((m) => m[1]!);
  const rest = path.includes('*');
  return Type.Object(
    Object.fromEntries(
      names.map((n, i) => [n, Type.String({ minLength: 1, maxLength: rest && i === names.length - 1 ? 4096 : 255 })]),
    ),
  );
}

/**
 * Reads the path parameters, query and body of requests to one route, with the checks compiled once,
 * for the first request that needs them. Routes that declare nothing pay nothing.
 */
export class RequestReader {
  private readonly params: Checked | undefined;
  private readonly query: Checked | undefined;
  private readonly queryArrays: ReadonlySet<string>;
  private readonly body: Checked | undefined;
  private readonly accepts: readonly string[] | 'raw' | 'stream';

  constructor(
    private readonly route: AnyRoute,
    private readonly parsers: BodyParsers,
  ) {
    const { params, query, body } = route;
    if (params) this.params = Object.keys(params.properties).length ? new Checked(() => params, 'path') : undefined;
    else
      this.params = /[:*][A-Za-z_]/.test(route.path)
        ? new Checked(() => pathParamsSchema(route.path), 'path')
        : undefined;
    this.query = query ? new Checked(() => query, 'query') : undefined;
    this.queryArrays = new Set(
      Object.entries(route.query?.properties ?? {})
        .filter(([, s]) => (s as { type?: unknown }).type === 'array')
        .map(([name]) => name),
    );
    this.body = body ? new Checked(() => body, 'body') : undefined;
    this.accepts = route.accepts ?? [JSON_MEDIA_TYPE];
    if (this.accepts === 'stream' && route.body)
      throw new Error(`Route ${route.method} ${route.path} streams its body: it cannot declare one to check`);
    for (const type of typeof this.accepts === 'string' ? [] : this.accepts) {
      if (!parsers.find(type))
        throw new Error(`Route ${route.method} ${route.path} accepts ${type}, which no body parser reads`);
    }
  }

  /** Compiles every check now, as the first requests would: a schema that cannot compile is found before one is sent. */
  compileChecks(): void {
    for (const checked of [this.params, this.query, this.body]) checked?.compile();
  }

  readParams(raw: Record<string, string>): unknown {
    return this.params ? this.params.read(raw) : raw;
  }

  readQuery(request: HttpRequest): unknown {
    if (!this.query) return EMPTY;
    const values: Record<string, unknown> = {};
    for (const name of Object.keys(this.route.query!.properties)) {
      if (this.queryArrays.has(name)) {
        const all = request.query.getAll(name);
        if (all.length) values[name] = all;
      } else {
        const value = request.query.get(name);
        if (value !== null) values[name] = value;
      }
    }
    return this.query.read(values);
  }

  /** Query parameters read from somewhere else (the legacy interface's path segments), with the same checks. */
  readQueryValues(values: Record<string, string>): unknown {
    return this.query ? this.query.read(values) : EMPTY;
  }

  readBody(request: HttpRequest): unknown {
    if (this.accepts === 'raw') return request.rawBody;
    if (this.accepts === 'stream' || !this.body) return undefined;
    if (request.rawBody.length === 0) {
      if (this.route.optionalBody) return undefined;
      throw new CmsError(Errors.HTTP_BODY_REQUIRED);
    }
    const contentType = parseContentType(request.headers['content-type']);
    // A body sent without a type is read as the route's first type, as lenient clients expect.
    const mediaType = contentType?.mediaType ?? this.accepts[0]!;
    if (!this.accepts.includes(mediaType) && !(mediaType.endsWith('+json') && this.accepts.includes(JSON_MEDIA_TYPE))) {
      // The original's words for this refusal.
      throw new CmsError(Errors.HTTP_MEDIA_TYPE_UNSUPPORTED, undefined, { fieldName: 'Content-Type' });
    }
    const parsed = this.parsers.find(mediaType)!.parse(request.rawBody, contentType ?? { mediaType, parameters: {} });
    return this.body.read(parsed);
  }
}

/**
 * A reader of query-like values that arrive some other way (the legacy interface's `/live/false`
 * path segments), with the conversions and errors of a declared query.
 */
export function compileQueryReader<S extends TObject>(schema: S): (values: Record<string, string>) => Static<S> {
  const checked = new Checked(() => schema, 'query');
  return (values) => checked.read(values) as Static<S>;
}

/**
 * A check of a body a route that streams reads itself (the multipart fire), with the conversions and
 * errors of a declared body.
 */
export function compileBodyReader<S extends TSchema>(schema: S): (value: unknown) => Static<S> {
  const checked = new Checked(() => schema, 'body');
  return (value) => checked.read(value) as Static<S>;
}
