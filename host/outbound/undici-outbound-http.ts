import type { Agent } from 'undici';
import {
  OutboundHttpError,
  type OutboundFailure,
  type OutboundHttp,
  type OutboundRequest,
  type OutboundResponse,
} from '../../core/plugin/outbound-http.js';
import { AddressRefusedError, literalAddress, resolveAllowedAddress, type PrivateAddresses } from './address-guard.js';

export interface UndiciOutboundHttpOptions {
  /** Sent as the User-Agent of every call. */
  userAgent: string;
  /** Limit for connecting, for the response headers and for each pause in the body. */
  timeoutMs: number;
  /** A larger response body fails the call: a peer cannot make us buffer without bound. */
  maxResponseBytes: number;
  /** Which private-network addresses (loopback, RFC 1918, link-local…) are called: all, none or a list. */
  allowPrivate: PrivateAddresses;
  /** Redirects followed before the call fails (5); 0 answers a redirect as it is. */
  maxRedirects?: number;
  /** False: no idle connection is kept (rare calls need not hold the process open). */
  keepAlive?: boolean;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/** Headers that carry a caller's credentials: never sent on to another origin, as fetch does. */
const CREDENTIAL_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie']);

/** The headers without those that carry credentials, for a redirect that leaves the origin. */
function withoutCredentials(headers: OutboundRequest['headers']): OutboundRequest['headers'] {
  if (!headers) return headers;
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !CREDENTIAL_HEADERS.has(name.toLowerCase())));
}

/** The redirects a call follows: what it asks for (a whole number from 0), never past the client's limit. */
function redirectsOf(init: OutboundRequest, limit: number): number {
  const asked = init.maxRedirects;
  return typeof asked === 'number' && Number.isInteger(asked) && asked >= 0 ? Math.min(asked, limit) : limit;
}

type Undici = typeof import('undici');

/** Names what went wrong in undici's terms in ours; the message stays, the undici error is the cause. */
function failureOf(error: unknown, { errors }: Undici): OutboundHttpError {
  if (error instanceof OutboundHttpError) return error;
  const message = error instanceof Error ? error.message : String(error);
  let code: OutboundFailure = 'OUTBOUND_FAILED';
  if (error instanceof AddressRefusedError) code = 'OUTBOUND_ADDRESS_REFUSED';
  else if (
    error instanceof errors.ConnectTimeoutError ||
    error instanceof errors.HeadersTimeoutError ||
    error instanceof errors.BodyTimeoutError
  )
    code = 'OUTBOUND_TIMEOUT';
  return new OutboundHttpError(message, code, { cause: error });
}

/**
 * The host's outbound HTTP over undici: the private-address guard runs at connect time on the
 * address actually connected to, so DNS rebinding and redirects to private addresses are caught.
 */
export class UndiciOutboundHttp implements OutboundHttp {
  private client: Promise<{ undici: Undici; agent: Agent }> | undefined;

  constructor(private readonly options: UndiciOutboundHttpOptions) {}

  /**
   * undici and the agent every call goes through, loaded and made for the first call rather than
   * with the service: every process and worker thread makes the outbound clients, loading undici
   * took a tenth of a second of each, and most never call out.
   */
  private connected(): Promise<{ undici: Undici; agent: Agent }> {
    return (this.client ??= import('undici').then((undici) => ({ undici, agent: this.agentOf(undici) })));
  }

  private agentOf({ Agent, buildConnector }: Undici): Agent {
    const { options } = this;
    const connector = buildConnector({ timeout: options.timeoutMs });
    return new Agent({
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
      connect: (connectOptions, callback) => {
        const { hostname } = connectOptions;
        resolveAllowedAddress(hostname, options.allowPrivate).then(
          (address) =>
            connector(
              // TLS still checks the certificate against the name, not the address.
              {
                ...connectOptions,
                hostname: address,
                servername:
                  connectOptions.servername ?? (literalAddress(hostname) === undefined ? hostname : undefined),
              },
              callback,
            ),
          (error: Error) => callback(error, null),
        );
      },
    });
  }

  async request(url: string, init: OutboundRequest = {}): Promise<OutboundResponse> {
    const client = await this.connected();
    try {
      return await this.follow(client, url, init);
    } catch (error) {
      throw failureOf(error, client.undici);
    }
  }

  async close(): Promise<void> {
    if (this.client) await (await this.client).agent.close();
  }

  private async follow(
    { undici: { request }, agent }: { undici: Undici; agent: Agent },
    url: string,
    init: OutboundRequest,
  ): Promise<OutboundResponse> {
    let current = new URL(url);
    let method = init.method ?? 'GET';
    let body = init.body;
    let headers = init.headers;
    for (let hop = 0; ; hop++) {
      if (current.protocol !== 'http:' && current.protocol !== 'https:') {
        throw new OutboundHttpError(`${current.protocol} URLs are not called`, 'OUTBOUND_REFUSED');
      }
      const response = await request(current, {
        dispatcher: agent,
        method,
        body,
        signal: init.signal,
        headers: { ...headers, 'user-agent': this.options.userAgent },
        reset: this.options.keepAlive === false,
      });
      const location = response.headers.location;
      const maxRedirects = redirectsOf(init, this.options.maxRedirects ?? 5);
      if (REDIRECTS.has(response.statusCode) && typeof location === 'string' && maxRedirects > 0) {
        await response.body.dump();
        if (hop >= maxRedirects) throw new OutboundHttpError('too many redirects', 'OUTBOUND_REFUSED');
        const next = new URL(location, current);
        // A token meant for one service never reaches another because that service redirected.
        if (next.origin !== current.origin) headers = withoutCredentials(headers);
        current = next;
        if (response.statusCode === 303 && method !== 'HEAD') [method, body] = ['GET', undefined];
        continue;
      }
      return {
        status: response.statusCode,
        url: current.href,
        headers: response.headers,
        body: init.discardBody
          ? (await response.body.dump(), Buffer.alloc(0))
          : await this.readLimited(response.body, init.truncateBodyAt),
      };
    }
  }

  private async readLimited(
    stream: AsyncIterable<Buffer> & { destroy(error?: Error): void },
    truncateAt: number | undefined,
  ): Promise<Buffer> {
    const limit = Math.min(truncateAt ?? Infinity, this.options.maxResponseBytes);
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stream) {
      if (size + chunk.length > limit) {
        if (truncateAt !== undefined) {
          chunks.push(chunk.subarray(0, limit - size));
          stream.destroy();
          break;
        }
        const error = new OutboundHttpError(`the answer is larger than ${limit} bytes`, 'OUTBOUND_TOO_LARGE');
        stream.destroy(error);
        throw error;
      }
      size += chunk.length;
      chunks.push(chunk);
    }
    return Buffer.concat(chunks);
  }
}
