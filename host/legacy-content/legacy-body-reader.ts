import { Piscina } from 'piscina';
import { readLegacyBody, refusalError, type LegacyFormat, type LegacyOutcome, type LegacyRead } from './legacy-body.js';
import type { LegacyBodyTask } from './legacy-body-worker.js';

/** What one legacy save body may hold, and which bodies are read away from the answering thread. */
export interface LegacyBodyLimits {
  /** `legacy.content.max.values` */
  maxValues: number;
  /** `legacy.content.worker.bytes`: larger bodies and parts are read on a worker thread. */
  workerBytes: number;
}

/**
 * A worker that sits idle this long ends; the next large body starts one again. Large legacy bodies
 * are rare, and an idle thread holds memory of its own.
 */
const IDLE_MS = 60_000;

/**
 * Reads the members of legacy save bodies and parts. Small ones are read where they arrive: every
 * reader is linear and bounded by `maxValues`, so they cost the answering thread little. Larger
 * ones (`workerBytes`) are read on a worker thread, where even a body of `http.max.body.bytes` of XML
 * text (about a second and a half) keeps no other request waiting. One thread, started by the first
 * large body: bodies beyond it wait in its queue, held in memory that `http.max.inflight.body.bytes`
 * already bounds.
 */
export class LegacyBodyReader {
  private pool: Piscina | undefined;

  readonly limits: LegacyBodyLimits;
  private readonly worker: URL;

  constructor(options: {
    limits: LegacyBodyLimits;
    /** The module the worker runs: this directory's worker unless a test gives another. */
    worker?: URL;
  }) {
    this.limits = options.limits;
    this.worker = options.worker ?? defaultWorker();
  }

  /**
   * The members of a body (its bytes) or of a multipart part (its text), holding at most
   * `maxValues` values (all of `legacy.content.max.values` unless a multipart body used some
   * already). Throws the catalogue error a body that cannot be read is answered with.
   */
  async read(format: LegacyFormat, body: Uint8Array | string, maxValues = this.limits.maxValues): Promise<LegacyRead> {
    const bytes = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
    const outcome =
      bytes > this.limits.workerBytes
        ? ((await this.started().run({ format, body, maxValues } satisfies LegacyBodyTask)) as LegacyOutcome)
        : readLegacyBody(format, body, maxValues);
    if ('refused' in outcome) throw refusalError(outcome.refused);
    return outcome;
  }

  /** Waits for the bodies being read, then ends the worker. */
  async close(): Promise<void> {
    await this.pool?.close();
  }

  private started(): Piscina {
    this.pool ??= new Piscina({
      filename: this.worker.href,
      minThreads: 0,
      maxThreads: 1,
      idleTimeout: IDLE_MS,
    });
    return this.pool;
  }
}

/** The worker beside this module; from the TypeScript sources, through a loader that registers tsx. */
function defaultWorker(): URL {
  const worker = import.meta.url.endsWith('.ts') ? './legacy-body-worker-source.mjs' : './legacy-body-worker.js';
  return new URL(worker, import.meta.url);
}
