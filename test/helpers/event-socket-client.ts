import WebSocket, { type ClientOptions } from 'ws';
import { WAIT_LIMIT_MS } from './wait-async.js';

export const EVENTS_PATH = '/api/ws/v1/system/events';

/** An open client of the system events websocket, recording what it receives. */
export interface EventClient {
  ws: WebSocket;
  events: any[];
  pings: number;
  /** Resolves with the close code once the socket closed. */
  closed: Promise<number>;
  /** The next event matching `accept` (one already received counts), or a rejection after `ms` (a hang). */
  next(accept: (event: any) => boolean, ms?: number): Promise<any>;
}

/**
 * Opens the websocket (answers the client), or answers the HTTP status of a refused upgrade.
 * `url` is the service's http:// URL.
 */
export function openEvents(
  url: string,
  headers: Record<string, string> = {},
  options: ClientOptions = {},
): Promise<EventClient | { refused: number }> {
  const ws = new WebSocket(url.replace(/^http/, 'ws') + EVENTS_PATH, { headers, ...options });
  const events: any[] = [];
  const waiting = new Set<() => void>();
  const client: EventClient = {
    ws,
    events,
    pings: 0,
    closed: new Promise((resolve) => ws.once('close', (code) => resolve(code))),
    next(accept, ms = WAIT_LIMIT_MS) {
      return new Promise((resolve, reject) => {
        const look = () => {
          const found = events.find(accept);
          if (found === undefined) return false;
          clearTimeout(timer);
          waiting.delete(check);
          resolve(found);
          return true;
        };
        const check = () => void look();
        const timer = setTimeout(() => {
          waiting.delete(check);
          reject(new Error(`no matching event within ${ms} ms; received ${JSON.stringify(events)}`));
        }, ms);
        if (!look()) waiting.add(check);
      });
    },
  };
  ws.on('message', (data) => {
    events.push(JSON.parse(data.toString()));
    for (const check of [...waiting]) check();
  });
  ws.on('ping', () => client.pings++);
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(client));
    ws.once('unexpected-response', (_request, response) => {
      resolve({ refused: response.statusCode ?? 0 });
      ws.terminate();
    });
    // Kept after the open: a connection cut later (a proxy, the server) must not throw from an emitter.
    ws.on('error', (error) => reject(error));
  });
}

/** The client, failing the test's expectation loudly when the upgrade was refused. */
export async function mustOpen(
  url: string,
  headers: Record<string, string> = {},
  options: ClientOptions = {},
): Promise<EventClient> {
  const opened = await openEvents(url, headers, options);
  if ('refused' in opened) throw new Error(`upgrade refused with ${opened.refused}`);
  return opened;
}
