/**
 * Bytes of request bodies held in memory, all requests together (`http.max.inflight.body.bytes`).
 * Bodies are counted when reading starts, so that stalled uploads cannot together hold more than
 * the budget, whatever each declares.
 */
export class InflightBudget {
  private held = 0;

  constructor(private readonly limit: number) {}

  /** Takes `bytes` if they fit; false (and nothing taken) otherwise. */
  tryTake(bytes: number): boolean {
    if (this.held + bytes > this.limit) return false;
    this.held += bytes;
    return true;
  }

  /** Counts bytes that are in memory already (received before the request was judged). */
  take(bytes: number): void {
    this.held += bytes;
  }

  give(bytes: number): void {
    this.held -= bytes;
  }

  get inUse(): number {
    return this.held;
  }
}
