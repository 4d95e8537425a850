import { defineProperties } from '../../core/config/properties.js';

/** A whole number of milliseconds above zero, as `cms.websocket.millis.pingpong` must be. */
function positiveMillis(value: string): string | undefined {
  return /^\s*\d+\s*$/.test(value) && Number(value) > 0 && Number.isSafeInteger(Number(value))
    ? undefined
    : 'it must be a whole number of milliseconds above 0';
}

/**
 * The system-events websocket's properties, under the original's names. The interval has no
 * default, as in the original: ping-pong on without an interval stops start-up (see `readWebSocketSettings`).
 */
export const WEBSOCKET_PROPERTIES = defineProperties({
  'cms.websocket.usepingpong': {
    type: 'bool',
    default: false,
    group: 'WebSocket',
    description:
      'When true, the server pings every connection of `/api/ws/v1/system/events` every `cms.websocket.millis.pingpong` milliseconds and closes one that has not answered (pong) since the previous ping. The traffic keeps the connection alive through a proxy that closes idle connections. When false the server sends no pings; a client may still ping and is answered.',
  },
  'cms.websocket.millis.pingpong': {
    group: 'WebSocket',
    validate: positiveMillis,
    description:
      'Milliseconds between pings when `cms.websocket.usepingpong` is true (required then). It must be less than the proxy’s idle timeout; a start is half of it. Zero, negative or not a number stops start-up.',
  },
  'system.events.poll.ms': {
    type: 'int',
    default: 1000,
    min: 0,
    group: 'WebSocket',
    description:
      'How often each process reads the journal of system events that other processes sharing the database raised, and delivers them to its own websockets (a change made through one process reaches users connected to another within this time). Every event is written to the journal in the transaction that raises it; rows are kept a minute. `0`: no journal, each process delivers only its own events (one process).',
  },
});
