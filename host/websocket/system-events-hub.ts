import type { Authenticator } from '../../core/auth/authenticator.js';
import type { AccessChanges } from '../../core/auth/access-changes.js';
import type { Principal } from '../../core/auth/principal.js';
import { CmsError, Errors } from '../../core/errors/index.js';
import type { EventAudienceCheck } from '../../core/events/event-audience-check.js';
import type { SystemEventBus } from '../../core/events/system-event-bus.js';
import type { RaisedEvent } from '../../core/events/system-event.js';
import type { Logger } from '../../core/logger.js';
import type { AuthRequest } from '../../core/plugin/auth-scheme.js';
import { isCrossSite } from '../http/cross-site.js';
import type { EventSocket, UpgradeRequest, WebSocketEndpoint } from '../http/uws-websocket.js';

/** The original's path of the system events websocket. */
export const SYSTEM_EVENTS_PATH = '/api/ws/v1/system/events';

/** Close codes: the server stops (going away); the caller's credential no longer holds (policy). */
const CLOSE_GOING_AWAY = 1001;
const CLOSE_SIGNED_OUT = 1008;

/** Who opened a socket, and what they proved it with (checked again when access changes). */
export interface SocketCaller {
  principal: Principal;
  credentials: AuthRequest;
}

/** One open socket. */
export interface EventConnection {
  readonly socket: EventSocket;
  caller: SocketCaller;
  /** A ping went out and nothing came back since. */
  awaitingPong: boolean;
}

export interface SystemEventsHubOptions {
  bus: SystemEventBus;
  audience: EventAudienceCheck;
  authenticator: Authenticator;
  accessChanges: AccessChanges;
  logger: Logger;
  /** Origins allowed besides the service's own (`http.cors.origins`). */
  allowedOrigins: ReadonlySet<string>;
  /** The server's pings; undefined: none. */
  pingIntervalMs: number | undefined;
  /** How often every caller is checked again, to catch what another process (or a cache expiry) ended. */
  recheckMs: number;
}

/**
 * The system events endpoint: signed-in users connect, and receive the events raised after commits
 * that they may see. Sockets whose credential ends (sign-out, revocation, deactivation) are closed.
 */
export class SystemEventsHub implements WebSocketEndpoint<SocketCaller, EventConnection> {
  private readonly connections = new Set<EventConnection>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly unsubscribe: Array<() => void> = [];
  /** Deliveries in order: each waits for the one before, so no socket sees two events swapped. */
  private delivering: Promise<void> = Promise.resolve();
  private recheckQueued = false;
  private stopped = false;

  constructor(private readonly options: SystemEventsHubOptions) {}

  start(): void {
    const { bus, accessChanges, pingIntervalMs, recheckMs } = this.options;
    this.unsubscribe.push(
      bus.subscribe((raised) => {
        this.delivering = this.delivering.then(() => this.deliver(raised));
      }),
      accessChanges.subscribe(() => this.queueRecheck()),
    );
    if (pingIntervalMs !== undefined) this.timers.push(setInterval(() => this.pingAll(), pingIntervalMs).unref());
    this.timers.push(setInterval(() => this.queueRecheck(), recheckMs).unref());
  }

  /** Closes every socket as going away (1001) and stops listening. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    for (const stop of this.unsubscribe) stop();
    for (const connection of [...this.connections]) connection.socket.end(CLOSE_GOING_AWAY, 'server stopping');
    await this.delivering;
  }

  get size(): number {
    return this.connections.size;
  }

  /**
   * The same authentication as HTTP. From another site's page, cookies do not count: a page of
   * another site must not listen with the browser's session (cross-site websocket hijacking);
   * a bearer key, which such a page cannot borrow, still does.
   */
  async accept(request: UpgradeRequest): Promise<SocketCaller> {
    const crossSite = isCrossSite(request, this.options.allowedOrigins);
    const credentials: AuthRequest = crossSite
      ? { headers: withoutCookies(request.headers), cookies: {}, ip: request.ip, secure: request.secure }
      : { headers: request.headers, cookies: request.cookies, ip: request.ip, secure: request.secure };
    const principal = await this.options.authenticator.authenticate(credentials);
    if (principal && !principal.anonymous) return { principal, credentials: kept(credentials) };
    if (crossSite && Object.keys(request.cookies).length > 0)
      throw new CmsError(Errors.HTTP_CROSS_SITE_WEBSOCKET_REFUSED);
    throw new CmsError(Errors.AUTH_INVALID_USER);
  }

  open(socket: EventSocket, caller: SocketCaller): EventConnection {
    const connection: EventConnection = { socket, caller, awaitingPong: false };
    if (this.stopped) socket.end(CLOSE_GOING_AWAY, 'server stopping');
    else this.connections.add(connection);
    return connection;
  }

  heard(connection: EventConnection): void {
    connection.awaitingPong = false;
  }

  closed(connection: EventConnection): void {
    this.connections.delete(connection);
  }

  private async deliver(raised: RaisedEvent): Promise<void> {
    if (this.connections.size === 0) return;
    const text = this.options.bus.json.stringify(raised.event);
    const mayReceive = this.options.audience.forEvent(raised.audience);
    for (const connection of [...this.connections]) {
      try {
        if (await mayReceive(connection.caller.principal)) connection.socket.send(text);
      } catch (err) {
        this.options.logger.error({ err, event: raised.event.event }, 'system event not delivered');
      }
    }
  }

  /** A socket that has not answered since the previous ping is dropped; the others are pinged. */
  private pingAll(): void {
    for (const connection of this.connections) {
      if (connection.awaitingPong) {
        connection.socket.terminate();
        continue;
      }
      connection.awaitingPong = true;
      connection.socket.ping();
    }
  }

  private queueRecheck(): void {
    if (this.recheckQueued || this.stopped) return;
    this.recheckQueued = true;
    setImmediate(() => {
      this.recheckQueued = false;
      this.recheck().catch((err: unknown) => this.options.logger.error({ err }, 'websocket callers not checked'));
    });
  }

  /**
   * Authenticates every socket's credential again (each distinct credential once): a socket whose
   * credential no longer proves its user is closed. A failure that says nothing about the
   * credential (storage unavailable) leaves the socket open.
   */
  private async recheck(): Promise<void> {
    const checks = new Map<string, Promise<Principal | null | 'failed'>>();
    for (const connection of [...this.connections]) {
      const { credentials, principal } = connection.caller;
      const key = credentialKey(credentials);
      let check = checks.get(key);
      if (!check) {
        check = this.options.authenticator.authenticate(credentials).catch((error: unknown) => {
          if (error instanceof CmsError && error.kind === 'unauthenticated') return null;
          this.options.logger.warn({ err: error }, 'websocket caller not checked again');
          return 'failed' as const;
        });
        checks.set(key, check);
      }
      const now = await check;
      if (now === 'failed') continue;
      if (now === null || now.anonymous || now.user.userId !== principal.user.userId)
        connection.socket.end(CLOSE_SIGNED_OUT, 'signed out');
      else connection.caller = { ...connection.caller, principal: now };
    }
  }
}

/** What a socket keeps of its upgrade's headers: what auth schemes read, not the whole request. */
function kept(credentials: AuthRequest): AuthRequest {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(credentials.headers))
    if (!name.startsWith('sec-websocket-') && name !== 'user-agent' && !name.startsWith('accept'))
      headers[name] = value;
  return { ...credentials, headers };
}

function withoutCookies(headers: Readonly<Record<string, string>>): Record<string, string> {
  const { cookie: _cookie, ...rest } = headers;
  return rest;
}

/** Sockets opened with the same credential from the same place are checked once. */
function credentialKey(credentials: AuthRequest): string {
  return `${JSON.stringify(credentials.headers)}\0${credentials.ip}\0${credentials.secure}`;
}
