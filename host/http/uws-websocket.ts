import type * as Uws from 'uWebSockets.js';
import type { AuthRequest } from '../../core/plugin/auth-scheme.js';
import { parseCookies } from './cookies.js';
import { originOf, requestIdOf } from './request-origin.js';

/** The upgrade request of a websocket, copied out of uWS before anything awaits. */
export interface UpgradeRequest extends AuthRequest {
  readonly id: string;
  readonly path: string;
}

/** One open websocket as the endpoint sees it: no uWS types, and safe to call after it closed. */
export interface EventSocket {
  /** Sends one text frame; false when the socket is closed or its buffer is past the bound (it is then closed). */
  send(text: string): boolean;
  ping(): void;
  /** Closes with a close frame (code, reason). */
  end(code: number, reason: string): void;
  /** Drops the connection at once: for a peer that stopped answering. */
  terminate(): void;
}

/** What serves a websocket path: accepts (or refuses, by throwing) an upgrade, then follows its sockets. */
export interface WebSocketEndpoint<Caller, Connection> {
  /** Authenticates the upgrade; a thrown error is answered as a refusal (401, 403, 503). */
  accept(request: UpgradeRequest): Promise<Caller>;
  open(socket: EventSocket, caller: Caller): Connection;
  /** The peer sent something (a ping, a pong or a message): it is alive. */
  heard(connection: Connection): void;
  closed(connection: Connection): void;
}

export interface WebSocketLimits {
  /** Largest frame a client may send; clients of these endpoints send nothing meaningful. */
  maxPayloadBytes: number;
  /** Bytes a socket may have waiting to be sent: past it the socket is closed (1013), never buffered without bound. */
  maxBufferedBytes: number;
}

/** The close code of a socket that cannot keep up: "try again later". */
const CLOSE_TOO_SLOW = 1013;

/** What uWS keeps per socket: the caller until `open`, then the connection. */
interface Slot<Caller, Connection> {
  caller: Caller | undefined;
  connection: Connection | undefined;
  socket: UwsEventSocket | undefined;
}

/**
 * Serves a websocket path on a uWS app. The upgrade follows the rules of the HTTP adapter: everything
 * is read from `req` before the first await, an aborted upgrade is never answered, and the answer
 * is written inside `cork`.
 */
export function attachWebSocket<Caller, Connection>(
  app: Uws.TemplatedApp,
  path: string,
  endpoint: WebSocketEndpoint<Caller, Connection>,
  how: {
    limits: WebSocketLimits;
    trustProxy: boolean;
    /** Writes a refusal as an HTTP answer (the adapter's own writer). */
    refuse(res: Uws.HttpResponse, isAborted: () => boolean, error: unknown): void;
  },
): void {
  app.ws<Slot<Caller, Connection>>(path, {
    maxPayloadLength: how.limits.maxPayloadBytes,
    maxBackpressure: how.limits.maxBufferedBytes,
    // The endpoint pings, when configured to; uWS would otherwise ping on its own schedule.
    sendPingsAutomatically: false,
    // No idle timeout of the server's own: a quiet browser is not a dead one (ping-pong finds those).
    idleTimeout: 0,
    upgrade: (res, req, context) => {
      let aborted = false;
      res.onAborted(() => {
        aborted = true;
      });
      const headers: Record<string, string> = {};
      req.forEach((name, value) => {
        headers[name] = name in headers ? `${headers[name]}, ${value}` : value;
      });
      const key = headers['sec-websocket-key'] ?? '';
      const protocol = headers['sec-websocket-protocol'] ?? '';
      const extensions = headers['sec-websocket-extensions'] ?? '';
      const { ip, secure } = originOf(
        headers,
        () => Buffer.from(res.getRemoteAddressAsText()).toString(),
        how.trustProxy,
      );
      const request: UpgradeRequest = {
        id: requestIdOf(headers),
        path: req.getUrl(),
        headers,
        cookies: parseCookies(headers.cookie),
        ip,
        secure,
      };
      endpoint.accept(request).then(
        (caller) => {
          if (aborted) return;
          res.cork(() =>
            res.upgrade<Slot<Caller, Connection>>(
              { caller, connection: undefined, socket: undefined },
              key,
              protocol,
              extensions,
              context,
            ),
          );
        },
        (error: unknown) => how.refuse(res, () => aborted, error),
      );
    },
    open: (ws) => {
      const slot = ws.getUserData();
      slot.socket = new UwsEventSocket(ws);
      slot.connection = endpoint.open(slot.socket, slot.caller as Caller);
      // The caller now lives in the connection.
      slot.caller = undefined;
    },
    message: (ws) => heard(ws),
    ping: (ws) => heard(ws),
    pong: (ws) => heard(ws),
    close: (ws) => {
      const slot = ws.getUserData();
      slot.socket?.markClosed();
      if (slot.connection !== undefined) endpoint.closed(slot.connection);
    },
  });

  function heard(ws: Uws.WebSocket<Slot<Caller, Connection>>): void {
    const { connection } = ws.getUserData();
    if (connection !== undefined) endpoint.heard(connection);
  }
}

/** uWS throws on any call to a closed socket: every call checks first. */
class UwsEventSocket implements EventSocket {
  private closed = false;

  constructor(private readonly ws: Uws.WebSocket<unknown>) {}

  markClosed(): void {
    this.closed = true;
  }

  send(text: string): boolean {
    if (this.closed) return false;
    // NOTE: 2 means uWS dropped the frame, the buffer being past `maxBackpressure`: the client
    // would miss events without knowing, so it is closed and reconnects instead.
    let status = 1;
    // Corked: called from a promise, outside uWS's own callbacks.
    this.ws.cork(() => {
      status = this.ws.send(text, false, false);
    });
    if (status === 2) {
      this.end(CLOSE_TOO_SLOW, 'too slow');
      return false;
    }
    return true;
  }

  ping(): void {
    if (!this.closed) this.ws.ping();
  }

  end(code: number, reason: string): void {
    if (this.closed) return;
    this.closed = true;
    this.ws.end(code, reason);
  }

  terminate(): void {
    if (this.closed) return;
    this.closed = true;
    this.ws.close();
  }
}
