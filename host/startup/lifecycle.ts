import type { Logger } from '../../core/logger.js';

/**
 * What the app started, and how each part stops. Parts register as they start; `stop` runs their
 * stops in reverse order, so that nothing stops while something started after it still uses it. A
 * failing stop is logged and the others still run.
 */
export class Lifecycle {
  private readonly stops: Array<{ name: string; stop: () => Promise<void> | void }> = [];
  private stopping: Promise<void> | undefined;

  constructor(private readonly log: Logger) {}

  onStop(name: string, stop: () => Promise<void> | void): void {
    if (this.stopping) throw new Error(`${name} started while the app is stopping`);
    this.stops.push({ name, stop });
  }

  get isStopping(): boolean {
    return this.stopping !== undefined;
  }

  /** Stops everything once; later calls wait for the same stop. */
  stop(): Promise<void> {
    this.stopping ??= this.stopAll();
    return this.stopping;
  }

  private async stopAll(): Promise<void> {
    for (const { name, stop } of [...this.stops].reverse()) {
      try {
        await stop();
      } catch (err) {
        this.log.error({ err, part: name }, 'failed to stop');
      }
    }
  }
}
