/**
 * Calls to other servers. The host implements it (plugins get it in their set-up context, as
 * `outbound`): every call has the configured timeout, a limit on what it reads, the service's user
 * agent (`cms/<version>`), and, unless the plugin asks otherwise, a guard that refuses addresses of
 * private networks (checked on the address actually connected to, after redirects too).
 */

export interface OutboundRequest {
  method?: 'GET' | 'HEAD' | 'POST' | 'PUT';
  /** The user agent is the service's, whatever is given here. */
  headers?: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  /** Read and drop the body (when only the status matters): no size limit, nothing kept. */
  discardBody?: boolean;
  /**
   * Keep only the first this many bytes of the body (at most the configured limit) instead of
   * failing when it is longer: for an answer read only for an error message.
   */
  truncateBodyAt?: number;
  /**
   * Redirects followed for this call, at most the client's five. 0 follows none: a redirect is
   * answered as it is (its status, and the `location` header), for a call whose URL must be the
   * one that answers, such as a webhook a user configured.
   */
  maxRedirects?: number;
}

export interface OutboundResponse {
  status: number;
  /** The URL that answered, after redirects. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** Why a call failed, as `OutboundHttpError.code` says. */
export type OutboundFailure =
  /** The address is on a private network and the client does not call those. */
  | 'OUTBOUND_ADDRESS_REFUSED'
  /** Connecting, the answer's headers or a pause in its body took longer than the timeout. */
  | 'OUTBOUND_TIMEOUT'
  /** The answer is larger than the limit. */
  | 'OUTBOUND_TOO_LARGE'
  /** A scheme other than http or https, or too many redirects. */
  | 'OUTBOUND_REFUSED'
  /** Anything else: the name does not resolve, the connection is reset, the call was aborted. */
  | 'OUTBOUND_FAILED';

/**
 * Thrown when a call cannot complete. An answer with an error status is not a failure: look at
 * `status`. The message names the URL's host at most, never headers or bodies.
 */
export class OutboundHttpError extends Error {
  constructor(
    message: string,
    readonly code: OutboundFailure,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OutboundHttpError';
  }
}

/**
 * One client; follows up to five redirects (a 303 turns into a GET), fewer when a call asks.
 *
 * @example
 * const answer = await http.request('https://api.example.com/v1/ping', {
 *   method: 'POST', body: JSON.stringify({ hello: 1 }), headers: { 'content-type': 'application/json' }, signal,
 * });
 * if (answer.status !== 200) throw new Error(`the service answered ${answer.status}`);
 */
export interface OutboundHttp {
  request(url: string, init?: OutboundRequest): Promise<OutboundResponse>;
}

/**
 * Where a plugin gets its clients. `allowPrivate` lets the client call loopback, RFC 1918,
 * link-local and other non-public addresses: give it only for URLs an administrator configured
 * (a provider's base URL), never for URLs found in content. The host closes the clients on shutdown.
 *
 * @example
 * setup: ({ outbound }) => {
 *   const http = outbound!.client({ allowPrivate: false });
 *   ...
 * }
 */
export interface OutboundHttpClients {
  client(options: { allowPrivate: boolean }): OutboundHttp;
}
