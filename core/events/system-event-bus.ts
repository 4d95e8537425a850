import type { Logger } from '../logger.js';
import { PLAIN_JSON, type JsonCodec } from '../plugin/marshal.js';
import type { Repositories } from '../plugin/storage/index.js';
import type { RaisedEvent } from './system-event.js';

export type SystemEventListener = (raised: RaisedEvent) => void;

export interface SystemEventBusOptions {
  /** Who raised an event, in the journal: each process skips its own there. */
  origin: string;
  /**
   * Write each event to the journal (`systemEvents`) in the transaction that raises it, for the
   * other processes sharing the database (`SystemEventRelay`). Off: this process only.
   */
  journal: boolean;
  /**
   * What events are written with, in the journal and to sockets, and read back from the journal
   * (`marshal.implementation`); plain `JSON` when not given.
   */
  json?: JsonCodec;
  /** Where a failing listener is reported. */
  logger?: Logger;
}

/**
 * Where services raise system events and where deliverers (the websocket endpoint) listen. An event
 * raised in a transaction is published only once that transaction has committed, and never after a
 * rollback: a client is never told of a save that did not happen. With the journal on, the event is
 * also written in that transaction, so other processes publish it to their own listeners once it
 * is there (and a rollback takes it away with the rest).
 */
export class SystemEventBus {
  private readonly listeners = new Set<SystemEventListener>();

  private readonly logger: Logger | undefined;

  constructor(private readonly options: SystemEventBusOptions) {
    this.logger = options.logger;
  }

  get origin(): string {
    return this.options.origin;
  }

  get json(): JsonCodec {
    return this.options.json ?? PLAIN_JSON;
  }

  /** Publishes the event after `tx` commits (at once when `tx` is not a transaction). */
  async raise(tx: Repositories, raised: RaisedEvent): Promise<void> {
    if (this.options.journal)
      await tx.systemEvents.append({
        origin: this.options.origin,
        createdAt: raised.event.creationDate,
        body: this.json.stringify(raised),
      });
    if (this.listeners.size > 0) tx.afterCommit(() => this.publish(raised), { what: `event ${raised.event.event}` });
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

  /** Whether a raised event goes anywhere: raisers skip building events nobody receives. */
  get wanted(): boolean {
    return this.options.journal || this.listeners.size > 0;
  }
}
