import type { Config } from '../../core/config/config.js';
import { readProperties } from '../../core/config/properties.js';
import { StartupError } from '../../core/errors/index.js';
import { WEBSOCKET_PROPERTIES } from './websocket-properties.js';

export interface WebSocketSettings {
  /** Milliseconds between the server's pings; undefined: the server sends none. */
  pingIntervalMs: number | undefined;
  /** How often the journal of other processes' events is read; 0: no journal. */
  journalPollMs: number;
}

/** Reads and checks the websocket properties; a bad or missing interval with ping-pong on stops start-up. */
export function readWebSocketSettings(config: Config): WebSocketSettings {
  const p = readProperties(config, WEBSOCKET_PROPERTIES);
  const journalPollMs = p['system.events.poll.ms'];
  if (!p['cms.websocket.usepingpong']) return { pingIntervalMs: undefined, journalPollMs };
  const interval = p['cms.websocket.millis.pingpong'];
  if (interval === undefined)
    throw new StartupError(
      'cms.websocket.usepingpong is true but cms.websocket.millis.pingpong is not set: set it to the milliseconds between pings (less than the proxy’s idle timeout)',
    );
  return { pingIntervalMs: Number(interval), journalPollMs };
}
