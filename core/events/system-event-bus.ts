import type { Logger } from '../logger.js';
import type { Repositories } from '../plugin/storage-driver.js';
import type { RaisedEvent } from './system-event.js';

export type SystemEventListener = (raised: RaisedEvent) => void;

/**
 * Where services raise system events and where deliverers (the websocket endpoint) listen. An event
 * raised in a transaction is published only once that transaction has committed, and never after a
 * rollback: a client is never told of a save that did not happen.
 *
 * NOTE: delivery is within this process. With several processes, clients connected to another
 * process do not receive what this one raised.
 */
export class SystemEventBus {
  private readonly listeners = new Set<SystemEventListener>();

  constructor(private readonly logger?: Logger) {}

  /** Publishes the event after `tx` commits (at once when `tx` is not a transaction). */
  raise(tx: Repositories, raised: RaisedEvent): void {
    // Nobody listening (no websocket endpoint): nothing to register on the transaction.
    if (this.listeners.size === 0) return;
    tx.afterCommit(() => this.publish(raised), { what: `event ${raised.event.event}` });
  }

  /** Hands the event to every listener now; a failing listener is logged and the others still run. */
  publish(raised: RaisedEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(raised);
      } catch (err) {
        this.logger?.error({ err, event: raised.event.event }, 'system event listener failed');
      }
    }
  }

  /** Answers the function that stops listening. */
  subscribe(listener: SystemEventListener): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** Whether anyone listens: raisers skip building events nobody receives. */
  get listened(): boolean {
    return this.listeners.size > 0;
  }
}
