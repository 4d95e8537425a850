import type { SystemEvent } from './event-words.js';

export const SYSTEM_EVENTS_PATH = '/api/ws/v1/system/events';
const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 60_000;

/**
 * Listens to the service's system events for as long as the page is open: reconnects after a
 * close, waiting twice as long each time a connection fails (with jitter, so that many tabs do not
 * come back at once), up to a minute. A service without the socket only costs a retry a minute.
 * Answers a function that stops listening.
 */
export function listenToSystemEvents(onEvent: (event: SystemEvent) => void): () => void {
  let socket: WebSocket | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let delay = FIRST_DELAY_MS;
  let stopped = false;

  const connect = () => {
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${SYSTEM_EVENTS_PATH}`;
    try {
      socket = new WebSocket(url);
    } catch {
      retry();
      return;
    }
    socket.onopen = () => {
      delay = FIRST_DELAY_MS;
    };
    socket.onmessage = (message) => {
      if (typeof message.data !== 'string') return;
      try {
        const parsed = JSON.parse(message.data) as SystemEvent;
        if (parsed && typeof parsed.event === 'string') onEvent(parsed);
      } catch {
        // A frame that is not an event (a keep-alive, a future format) is ignored.
      }
    };
    socket.onclose = () => {
      socket = undefined;
      retry();
    };
    // An error is always followed by a close: the retry is scheduled there.
    socket.onerror = () => {};
  };

  const retry = () => {
    if (stopped) return;
    const wait = delay * (0.75 + Math.random() * 0.5);
    delay = Math.min(delay * 2, MAX_DELAY_MS);
    timer = setTimeout(connect, wait);
  };

  connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    socket?.close();
  };
}
