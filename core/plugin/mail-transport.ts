import type { Config } from '../config/config.js';
import type { Logger } from '../logger.js';

export interface MailMessage {
  from: string;
  to: string[];
  cc?: string[];
  bcc?: string[];
  subject: string;
  text?: string;
  html?: string;
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
