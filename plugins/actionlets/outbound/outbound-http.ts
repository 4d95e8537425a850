import { isIP } from 'node:net';
import { Agent, buildConnector, request } from 'undici';
import { resolveAllowedAddress } from './address-guard.js';

export interface OutboundHttpOptions {
  /** `cms/<version>`, sent as the User-Agent of every call. */
  userAgent: string;
  /** Limit for connecting, for the response headers and for each pause in the body. */
  timeoutMs: number;
  /** A larger response body fails the call: a peer cannot make us buffer without bound. */
  maxResponseBytes: number;
  /** Call private-network addresses too (loopback, RFC 1918, link-local…); off by default. */
  allowPrivate: boolean;
  /** Redirects followed before the call fails. */
  maxRedirects?: number;
}

export interface OutboundRequest {
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT';
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  /** Read and drop the body (when only the status matters): no size limit, nothing kept. */
  discardBody?: boolean;
}

export interface OutboundResponse {
  status: number;
  /** The URL that answered, after redirects. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** Thrown when a call cannot complete: refused address, timeout, too large an answer, too many redirects. */
export class OutboundHttpError extends Error {}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * The one way the built-in actionlets call other servers: every call has a timeout, a size limit on
 * what it reads and our user agent, and the private-address guard runs at connect time on the
 * address actually connected to.
 */
export class OutboundHttp {
  private readonly agent: Agent;

  constructor(private readonly options: OutboundHttpOptions) {
    const connector = buildConnector({ timeout: options.timeoutMs });
    this.agent = new Agent({
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
                servername: connectOptions.servername ?? (isIP(hostname) ? undefined : hostname),
              },
              callback,
            ),
          (error: Error) => callback(error, null),
        );
      },
    });
  }

  async request(url: string, init: OutboundRequest = {}): Promise<OutboundResponse> {
    let current = new URL(url);
    let method = init.method ?? 'GET';
    let body = init.body;
    for (let hop = 0; ; hop++) {
      if (current.protocol !== 'http:' && current.protocol !== 'https:') {
        throw new OutboundHttpError(`${current.protocol} URLs are not called`);
      }
      const response = await request(current, {
        dispatcher: this.agent,
        method,
        body,
        signal: init.signal,
        headers: { ...init.headers, 'user-agent': this.options.userAgent },
      });
      const location = response.headers.location;
      if (REDIRECTS.has(response.statusCode) && typeof location === 'string') {
        await response.body.dump();
        if (hop >= (this.options.maxRedirects ?? 5)) throw new OutboundHttpError('too many redirects');
        current = new URL(location, current);
        if (response.statusCode === 303 && method !== 'HEAD') [method, body] = ['GET', undefined];
        continue;
      }
      return {
        status: response.statusCode,
        url: current.href,
        headers: response.headers,
        body: init.discardBody ? (await response.body.dump(), Buffer.alloc(0)) : await this.readLimited(response.body),
      };
    }
  }

  async close(): Promise<void> {
    await this.agent.close();
  }

  private async readLimited(stream: AsyncIterable<Buffer> & { destroy(error?: Error): void }): Promise<Buffer> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stream) {
      size += chunk.length;
      if (size > this.options.maxResponseBytes) {
        const error = new OutboundHttpError(`the answer is larger than ${this.options.maxResponseBytes} bytes`);
        stream.destroy(error);
        throw error;
      }
      chunks.push(chunk);
    }
    return Buffer.concat(chunks);
  }
}
