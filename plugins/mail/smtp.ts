import { createTransport, type SMTPTransportOptions } from 'nodemailer';
import type { Config } from '../../core/config/config.js';
import type { MailMessage, MailSender, MailTransport } from '../../core/plugin/mail-transport.js';

export const STARTTLS_MODES = ['required', 'opportunistic', 'off'] as const;
export type StartTlsMode = (typeof STARTTLS_MODES)[number];

/** The nodemailer options the `mail.smtp.*` properties describe. */
export function smtpOptions(config: Config): SMTPTransportOptions {
  const starttls = config.oneOf<StartTlsMode>('mail.smtp.starttls', STARTTLS_MODES, 'opportunistic');
  const user = config.string('mail.smtp.user');
  const timeout = config.int('mail.smtp.timeout.ms', 10_000, { min: 1, max: 600_000 });
  return {
    host: config.string('mail.smtp.host', 'localhost'),
    port: config.int('mail.smtp.port', 25, { min: 1, max: 65535 }),
    secure: config.bool('mail.smtp.secure', false),
    // opportunistic: STARTTLS when the server offers it, and a failed upgrade fails the send rather
    // than falling back to plain text (nodemailer's opportunisticTLS), which would expose credentials.
    requireTLS: starttls === 'required',
    ignoreTLS: starttls === 'off',
    auth: user === undefined ? undefined : { user, pass: config.raw('mail.smtp.password') ?? '' },
    tls: { rejectUnauthorized: config.bool('mail.smtp.reject.unauthorized', true) },
    // One bound for every wait, so an unreachable or silent server cannot hold a workflow action.
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
    dnsTimeout: timeout,
    // nodemailer's own logging would print the SMTP dialogue, AUTH included.
    logger: false,
    debug: false,
  };
}

/** Sends through an SMTP server, one connection per message. */
export const smtpTransport: MailTransport = {
  name: 'smtp',
  create({ config, logger }): MailSender {
    const options = smtpOptions(config);
    const password = options.auth?.pass ?? '';
    const transport = createTransport(options);
    logger.info(
      {
        transport: 'smtp',
        host: options.host,
        port: options.port,
        secure: options.secure,
        auth: options.auth !== undefined,
      },
      'SMTP mail transport ready',
    );
    return {
      async send(message: MailMessage): Promise<void> {
        try {
          const info = await transport.sendMail(message);
          logger.debug({ transport: 'smtp', messageId: info.messageId, accepted: info.accepted.length }, 'Mail sent');
        } catch (error) {
          throw sendError(error, password);
        }
      },
      async close(): Promise<void> {
        transport.close();
      },
    };
  },
};

/**
 * `Mail could not be sent: <reason>`. The password is cut out of the reason should a server echo it,
 * and then the original error is not kept as the cause either, since loggers print causes.
 */
function sendError(error: unknown, password: string): Error {
  const raw = error instanceof Error ? error.message : String(error);
  const reason = password === '' ? raw : raw.split(password).join('[redacted]');
  return new Error(`Mail could not be sent: ${reason}`, reason === raw ? { cause: error } : undefined);
}
