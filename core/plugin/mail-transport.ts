import type { Config } from '../config/config.js';
import type { Logger } from '../logger.js';

/**
 * A file sent with a message. Serialisable as it is (the message may be stored before it is sent):
 * the bytes are named, not held, until the service sends the message.
 */
export interface MailAttachment {
  fileName: string;
  /** Guessed from the file name when absent. */
  contentType?: string;
  /**
   * A stored Binary value's `path` (read from the asset store when the message is sent), or the
   * bytes in base64. A transport's sender only ever receives `content`: the service reads the
   * stored files first, and leaves out (with a warning) what exceeds `mail.attachments.max.bytes`.
   */
  source: { assetPath: string } | { content: string };
}

export interface MailMessage {
  from: string;
  to: string[];
  cc?: string[];
  bcc?: string[];
  subject: string;
  text?: string;
  html?: string;
  attachments?: MailAttachment[];
  /**
   * The Message-ID header (`<unique@domain>`). Mail sent as a durable job carries one made from the
   * job's idempotency key, so a message sent again after a crash is recognisable as the same one.
   */
  messageId?: string;
}

export interface MailSender {
  send(message: MailMessage): Promise<void>;
  close?(): Promise<void>;
}

/** A way of sending mail, chosen by the property `mail.transport` (`outbox`, `smtp`). */
export interface MailTransport {
  name: string;
  create(context: { config: Config; dataDir: string; logger: Logger }): Promise<MailSender> | MailSender;
}
