import type { JobHandler } from '../plugin/job-handler.js';
import type { MailMessage } from '../plugin/mail-transport.js';

/** The kind of the built-in job that sends one mail message. */
export const MAIL_JOB = 'mail';

/** A mail job's payload: the message as rendered in the transaction; `from` is filled in when sent. */
export type MailJobPayload = Omit<MailMessage, 'from' | 'messageId'> & { from?: string };

/**
 * Sends the message through the configured transport, with a Message-ID made from the job's
 * idempotency key: every run of the job sends the same Message-ID, so a receiver can tell a message
 * sent again after a crash from a new one.
 */
export function mailJobHandler(
  send: (message: MailJobPayload & { messageId: string }) => Promise<void>,
): JobHandler<MailJobPayload> {
  return {
    kind: MAIL_JOB,
    run: (payload, { idempotencyKey }) => send({ ...payload, messageId: messageIdOf(idempotencyKey) }),
  };
}

/** `<key@cms.jobs>`, with characters a Message-ID may not hold replaced. */
export function messageIdOf(idempotencyKey: string): string {
  return `<${idempotencyKey.replace(/[^A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]/g, '_')}@cms.jobs>`;
}
