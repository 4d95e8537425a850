import { connect, type Socket } from 'node:net';
import { WAIT_LIMIT_MS } from './wait-async.js';

/**
 * Sends raw bytes and collects everything until the server closes the socket, or `closeAfterMs`
 * passed (by default the wait bound: a server that should close, and does not, fails the test).
 */
export function rawExchange(
  url: string,
  payload: string | Buffer,
  { closeAfterMs = WAIT_LIMIT_MS } = {},
): Promise<{ text: string; closedByServer: boolean }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve({ text, closedByServer: false });
    }, closeAfterMs);
    socket.on('data', (d) => (text += d.toString('latin1')));
    socket.on('error', (e) => ((e as NodeJS.ErrnoException).code === 'ECONNRESET' ? undefined : reject(e)));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text, closedByServer: true });
    });
    socket.write(payload);
  });
}

/** A connection that sent part of a request and waits: what it received so far, and whether the server closed it. */
export interface StalledRequest {
  socket: Socket;
  readonly text: string;
  readonly closed: boolean;
  /** Resolves once the server answered something (or closed the connection). */
  answered: Promise<void>;
}

/** Opens a connection, writes `head` and `sent`, and leaves the rest of the request unsent. */
export function stalledRequest(url: string, head: string, sent: Buffer | string = ''): Promise<StalledRequest> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname);
    let text = '';
    let closed = false;
    let answered!: () => void;
    const state: StalledRequest = {
      socket,
      get text() {
        return text;
      },
      get closed() {
        return closed;
      },
      answered: new Promise<void>((r) => (answered = r)),
    };
    socket.on('data', (d) => {
      text += d.toString('latin1');
      answered();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      closed = true;
      answered();
    });
    socket.once('connect', () => {
      socket.write(head);
      if (sent.length > 0) socket.write(sent);
      resolve(state);
    });
    socket.once('error', reject);
  });
}
