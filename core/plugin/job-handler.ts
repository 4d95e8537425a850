import type { Logger } from '../logger.js';

/** What a job handler sees while it runs one job. */
export interface JobContext {
  readonly jobId: string;
  /**
   * The job's idempotency key: the same on every run of the job. Hand it to the peer when it can
   * recognise a repeat (an `Idempotency-Key` header, a Message-ID), since a run cut short by a crash
   * after the peer acted is run again.
   */
  readonly idempotencyKey: string;
  /** 1 on the first run, 2 on the first retry, and so on. */
  readonly attempt: number;
  readonly logger: Logger;
  /** Aborted when the run takes longer than `jobs.timeout.seconds`: stop and throw. */
  readonly signal: AbortSignal;
}

/**
 * Runs the durable jobs of one kind: side effects that leave the process (mail, HTTP calls,
 * pushes). Jobs are written with `ActionletContext.enqueue` (or the job queue) in the transaction
 * that calls for them, and run after its commit by the dispatcher, in whichever process claims them.
 *
 * `run` succeeds by returning. Throwing fails the run: the job runs again later, with exponential
 * back-off, until `jobs.max.attempts` runs have failed; then it is dead, and an administrator may
 * retry or drop it. The error's message is kept as the job's last error (shown over REST): never put
 * secrets in it. A job may run more than once (at least once): make the effect idempotent with
 * `idempotencyKey`.
 *
 * @example
 * export const pingWebhook: JobHandler<{ url: string; body: unknown }> = {
 *   kind: 'acme.webhook',
 *   run: async ({ url, body }, { idempotencyKey, signal }) => {
 *     const response = await fetch(url, {
 *       method: 'POST', body: JSON.stringify(body), signal,
 *       headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
 *     });
 *     if (!response.ok) throw new Error(`webhook answered ${response.status}`);
 *   },
 * };
 */
export interface JobHandler<Payload = unknown> {
  /** Unique across plugins; namespaced for third parties (`acme.webhook`). `mail`, `push` and `push.send` are built in. */
  kind: string;
  run(payload: Payload, context: JobContext): Promise<void>;
}

/** Identity function that exists for type inference and editor help. */
export function defineJobHandler<Payload>(handler: JobHandler<Payload>): JobHandler<Payload> {
  return handler;
}
