import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { Readable } from 'node:stream';
import { CmsError, Errors, StartupError } from '../../core/errors/index.js';
import type * as Uws from 'uWebSockets.js';
import { parseCookies } from './cookies.js';
import type { HttpResponse } from './pipeline.js';
import type { StreamedBody } from './streamed-body.js';
import { streamBody } from './uws-stream.js';
import { originOf, requestIdOf } from './request-origin.js';
import { checkHead, type BodyFraming, type HttpLimits } from './http-limits.js';
import { InflightBudget } from './inflight-budget.js';
import type { HttpRequest, IncomingRequest } from './route.js';
import { UwsBody } from './uws-body.js';
import { attachWebSocket, type WebSocketEndpoint, type WebSocketLimits } from './uws-websocket.js';

/** uWebSockets.js's listen options (`ListenOptions`). */
const LIBUS_LISTEN_DEFAULT = 0;
const LIBUS_LISTEN_EXCLUSIVE_PORT = 1;

/** uWebSockets.js says only that it could not listen: Node's own attempt names the reason. */
function whyNotListening(host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', (error: NodeJS.ErrnoException) =>
      resolve(error.code === 'EADDRINUSE' ? `address already in use (port ${port})` : `${error.code ?? error.message}`),
    );
    probe.listen(port, host, () => probe.close(() => resolve(`the address cannot be used (port ${port})`)));
  });
}

// uWebSockets.js is a CommonJS native addon; createRequire keeps ESM happy.
const uws = createRequire(import.meta.url)('uWebSockets.js') as typeof Uws;

export interface UwsServerOptions {
  limits: HttpLimits;
  /** Trust `X-Forwarded-Proto`/`X-Forwarded-For` from a reverse proxy. */
  trustProxy: boolean;
  handle(request: IncomingRequest): Promise<HttpResponse>;
  /** Whether the route a request goes to streams its body (`accepts: 'stream'`): its body may be as large as `maxUploadBytes`. */
  streams?(method: string, path: string): boolean;
  /** The answer to what the adapter refuses itself (framing, 413, 503), made by the pipeline's error mapper. */
  refusal(error: CmsError): HttpResponse;
  /** Answers sent by the adapter itself still get an access-log line. */
  onAdapterReply?(request: { method: string; path: string; id: string }, status: number): void;
}

/** Retry-After for a request refused because too many are in progress. */
const BUSY_RETRY_AFTER_SECONDS = 1;

/** The status lines, made once per status: every answer writes one. */
const STATUS_LINES = new Map<number, string>();
const statusLine = (status: number): string => {
  let line = STATUS_LINES.get(status);
  if (line === undefined) STATUS_LINES.set(status, (line = `${status} ${STATUS_TEXT[status] ?? 'Unknown'}`));
  return line;
};

/**
 * Status, headers and cookies of an answer. uWS writes the length of what it sends itself: a
 * Content-Length of ours would be a second one, a framing error.
 */
function writeHead(res: Uws.HttpResponse, response: HttpResponse): void {
  res.writeStatus(statusLine(response.status));
  const { headers } = response;
  for (const name in headers)
    if (name.length !== 14 || name.toLowerCase() !== 'content-length') res.writeHeader(name, headers[name]!);
  for (const cookie of response.cookies) res.writeHeader('Set-Cookie', cookie);
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  201: 'Created',
  202: 'Accepted',
  204: 'No Content',
  301: 'Moved Permanently',
  302: 'Found',
  304: 'Not Modified',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  412: 'Precondition Failed',
  413: 'Payload Too Large',
  414: 'URI Too Long',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  431: 'Request Header Fields Too Large',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/**
 * The uWebSockets.js adapter: the only code that sees uWS types. It copies everything from the
 * request before the first await (uWS reuses the request object), copies each body chunk (uWS reuses
 * the buffer), writes inside `cork`, and never touches a response after it was aborted.
 */
export class UwsServer {
  private readonly app = uws.App();
  private listenSocket: Uws.us_listen_socket | null = null;
  private inFlight = 0;
  private readonly budget: InflightBudget;
  private draining = false;
  private drained: (() => void) | null = null;

  constructor(private readonly options: UwsServerOptions) {
    this.budget = new InflightBudget(options.limits.maxInflightBodyBytes);
    this.app.any('/*', (res, req) => this.onRequest(res, req));
  }

  /**
   * Listens on the address; answers the port. The port is this server's alone unless `reusePort`:
   * uWebSockets.js would otherwise share it with another process, and the kernel would spread
   * clients between two services with different data.
   */
  listen(host: string, port: number, reusePort = false): Promise<number> {
    return new Promise((resolve, reject) => {
      const options = reusePort ? LIBUS_LISTEN_DEFAULT : LIBUS_LISTEN_EXCLUSIVE_PORT;
      // NOTE: the native listen takes host, port and options; the bundled typings lack that overload.
      const listen = this.app.listen as unknown as (
        host: string,
        port: number,
        options: number,
        done: (socket: Uws.us_listen_socket | false) => void,
      ) => void;
      listen.call(this.app, host, port, options, (socket) => {
        if (!socket) {
          void whyNotListening(host, port).then((reason) =>
            reject(new StartupError(`Cannot listen on ${host}:${port}: ${reason}`)),
          );
          return;
        }
        this.listenSocket = socket;
        resolve(uws.us_socket_local_port(socket as unknown as Uws.us_socket));
      });
    });
  }

  /**
   * Serves a websocket path. Call before `listen`. Upgrades are refused as other requests are
   * (`refusal`), and with 503 while the server stops.
   */
  webSocket<Caller, Connection>(
    path: string,
    endpoint: WebSocketEndpoint<Caller, Connection>,
    limits: WebSocketLimits,
  ): void {
    attachWebSocket(
      this.app,
      path,
      {
        ...endpoint,
        accept: (request) =>
          this.draining ? Promise.reject(new CmsError(Errors.SERVICE_NOT_READY)) : endpoint.accept(request),
        open: (socket, caller) => endpoint.open(socket, caller),
        heard: (connection) => endpoint.heard(connection),
        closed: (connection) => endpoint.closed(connection),
      },
      {
        limits,
        trustProxy: this.options.trustProxy,
        refuse: (res, isAborted, error) =>
          this.write(res, isAborted, this.options.refusal(error as CmsError), { headOnly: false, close: true }),
      },
    );
  }

  /** Stops accepting connections, then waits (up to `timeoutMs`) for in-flight requests to finish. */
  async close(timeoutMs = 10_000): Promise<void> {
    this.draining = true;
    if (this.listenSocket) {
      uws.us_listen_socket_close(this.listenSocket);
      this.listenSocket = null;
    }
    if (this.inFlight === 0) return;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, timeoutMs);
      this.drained = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private onRequest(res: Uws.HttpResponse, req: Uws.HttpRequest): void {
    let aborted = false;
    let body: UwsBody | undefined;
    const onAbort: Array<() => void> = [];
    res.onAborted(() => {
      aborted = true;
      body?.abort();
      for (const hook of onAbort) hook();
    });
    const method = req.getCaseSensitiveMethod().toUpperCase();
    const path = req.getUrl();
    const queryString = req.getQuery() ?? '';
    const headers: Record<string, string> = {};
    let headerBytes = 0;
    req.forEach((name, value) => {
      headerBytes += name.length + value.length;
      headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
    });
    const id = requestIdOf(headers);
    // NOTE: the answer waits for the next turn of the event loop. uWebSockets.js parses the rest of
    // the bytes it has before that and, finding another request behind one still unanswered, closes
    // the connection: bytes a proxy may have read as this request's body never run as a request.
    const refuse = (error: CmsError): void => {
      const response = this.options.refusal(error);
      setImmediate(() => this.write(res, () => aborted, response, { headOnly: false, close: true }));
      this.options.onAdapterReply?.({ method, path, id }, response.status);
    };

    let framing: BodyFraming;
    const { limits } = this.options;
    const hasBody = headers['content-length'] !== undefined || headers['transfer-encoding'] !== undefined;
    const streamed = hasBody && (this.options.streams?.(method, path) ?? false);
    try {
      framing = checkHead({ urlBytes: path.length + queryString.length, headers, headerBytes }, limits, streamed);
    } catch (error) {
      refuse(error as CmsError);
      return;
    }
    if (this.inFlight >= limits.maxConnections) {
      refuse(new CmsError(Errors.HTTP_OVERLOADED, undefined, { retryAfterSeconds: BUSY_RETRY_AFTER_SECONDS }));
      return;
    }

    const secure = originOf(headers, () => '', this.options.trustProxy).secure;
    // The address is read only when asked for: most requests never do, and reading it costs a native call.
    const ip = () =>
      originOf(
        headers,
        () => (aborted ? '' : Buffer.from(res.getRemoteAddressAsText()).toString()),
        this.options.trustProxy,
      ).ip;
    if (framing.kind !== 'none') {
      body = new UwsBody(res, framing, {
        maxBodyBytes: limits.maxBodyBytes,
        maxStreamBytes: streamed ? limits.maxUploadBytes : limits.maxBodyBytes,
        budget: this.budget,
      });
    }
    this.inFlight++;
    const request = new UwsRequest({ id, method, path, queryString, headers, ip, secure, body });
    this.options
      .handle(request)
      .then((response) => {
        // A body left unread (refused before it was needed) is dropped as it arrives; one that failed closes the connection.
        const close = !aborted && body !== undefined && !body.discardRest();
        if (response.stream && method !== 'HEAD')
          return this.writeStream(res, response, {
            body: response.stream,
            isAborted: () => aborted,
            onAbort: (hook) => onAbort.push(hook),
          });
        this.write(res, () => aborted, response, { headOnly: method === 'HEAD', close });
      })
      .catch(() =>
        this.write(
          res,
          () => aborted,
          { status: 500, headers: {}, cookies: [], body: '' },
          { headOnly: false, close: true },
        ),
      )
      .finally(() => {
        body?.release();
        this.requestDone();
      });
  }

  private write(
    res: Uws.HttpResponse,
    isAborted: () => boolean,
    response: HttpResponse,
    how: { headOnly: boolean; close?: boolean },
  ): void {
    if (isAborted()) return;
    res.cork(() => {
      writeHead(res, response);
      const close = how.close === true || this.draining;
      const length = response.stream?.length ?? Buffer.byteLength(response.body);
      if (how.headOnly) res.endWithoutBody(length, close);
      else res.end(response.body, close);
    });
  }

  /** A streamed body after its head (status, headers, cookies): see `streamBody`. */
  private writeStream(
    res: Uws.HttpResponse,
    response: HttpResponse,
    how: { body: StreamedBody; isAborted: () => boolean; onAbort: (hook: () => void) => void },
  ): Promise<void> {
    return streamBody(res, how.body, {
      ...how,
      writeHead: () => writeHead(res, response),
    });
  }

  private requestDone(): void {
    this.inFlight--;
    if (this.inFlight === 0 && this.drained) this.drained();
  }
}

/** Query and cookies are decoded on first use: most requests never look at them. */
class UwsRequest implements IncomingRequest {
  private parsedQuery: URLSearchParams | undefined;
  private parsedCookies: Record<string, string> | undefined;
  readonly id: string;
  readonly method: string;
  readonly path: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly secure: boolean;
  rawBody: Buffer = EMPTY;
  private readonly queryString: string;
  private readonly readIp: () => string;
  private knownIp: string | undefined;
  private readonly body: UwsBody | undefined;
  private read: Promise<void> | undefined;

  constructor(
    parts: Omit<HttpRequest, 'query' | 'cookies' | 'ip' | 'rawBody'> & {
      queryString: string;
      ip: () => string;
      body: UwsBody | undefined;
    },
  ) {
    this.id = parts.id;
    this.method = parts.method;
    this.path = parts.path;
    this.headers = parts.headers;
    this.readIp = parts.ip;
    this.secure = parts.secure;
    this.queryString = parts.queryString;
    this.body = parts.body;
  }

  readBody(): Promise<void> {
    return (this.read ??= this.body ? this.body.read().then((raw) => void (this.rawBody = raw)) : Promise.resolve());
  }

  bodyStream(): Readable {
    return this.body ? this.body.stream() : Readable.from([]);
  }

  get ip(): string {
    return (this.knownIp ??= this.readIp());
  }

  get query(): URLSearchParams {
    return (this.parsedQuery ??= new URLSearchParams(this.queryString));
  }

  get cookies(): Record<string, string> {
    return (this.parsedCookies ??= parseCookies(this.headers.cookie));
  }
}

const EMPTY = Buffer.alloc(0);
