import type { SMTPTransportOptions, Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import {
  readProperties,
  type Config,
  type MailMessage,
  type MailSender,
  type MailTransport,
} from '../../core/plugin/kit.js';
import { nodemailerMessage } from './nodemailer-message.js';
import { MAIL_PROPERTIES } from './properties.js';

/** The nodemailer options the `mail.smtp.*` properties describe. */
export function smtpOptions(config: Config): SMTPTransportOptions {
  const p = readProperties(config, MAIL_PROPERTIES);
  const starttls = p['mail.smtp.starttls'];
  const user = p['mail.smtp.user'];
  const timeout = p['mail.smtp.timeout.ms'];
  return {
    host: p['mail.smtp.host'],
    port: p['mail.smtp.port'],
    secure: p['mail.smtp.secure'],
    // opportunistic: STARTTLS when the server offers it, and a failed upgrade fails the send rather
    // than falling back to plain text (nodemailer's opportunisticTLS), which would expose credentials.
    requireTLS: starttls === 'required',
    ignoreTLS: starttls === 'off',
    // The password is taken as it is (not trimmed): spaces may be part of it.
    auth: user === undefined ? undefined : { user, pass: config.raw('mail.smtp.password') ?? '' },
    tls: { rejectUnauthorized: p['mail.smtp.reject.unauthorized'] },
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
    // nodemailer loads for the first message, not with the service: most installations never send
    // mail through SMTP, and every process and worker thread loads this plugin.
    let transport: Promise<Transporter<SMTPTransport.SentMessageInfo>> | undefined;
    const connected = () =>
      (transport ??= import('nodemailer').then(({ createTransport }) => createTransport(options)));
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
          const info = await (await connected()).sendMail(nodemailerMessage(message));
          logger.debug({ transport: 'smtp', messageId: info.messageId, accepted: info.accepted.length }, 'Mail sent');
        } catch (error) {
          throw sendError(error, password);
        }
      },
      async close(): Promise<void> {
        if (transport) (await transport).close();
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
