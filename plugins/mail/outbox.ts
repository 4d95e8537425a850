import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Transporter } from 'nodemailer';
import { readProperties, type MailMessage, type MailSender, type MailTransport } from '../../core/plugin/kit.js';
import { nodemailerMessage } from './nodemailer-message.js';
import { MAIL_PROPERTIES } from './properties.js';

/**
 * The embedded default: every message becomes an RFC 822 `.eml` file in `<dataDir>/<mail.outbox.dir>`
 * (an absolute directory is used as it is), so a fresh install "sends" mail without a server and a
 * developer can open what would have gone out. Bcc recipients are not written.
 */
export const outboxTransport: MailTransport = {
  name: 'outbox',
  create({ config, dataDir, logger }): MailSender {
    const dir = resolve(dataDir, readProperties(config, MAIL_PROPERTIES)['mail.outbox.dir']);
    // nodemailer composes the MIME (encodings, multipart/alternative for text + html); CRLF as RFC
    // 5322 says. Loaded for the first message, not with the service (every process and worker thread
    // loads this plugin, and many never send mail).
    let composer: Promise<Transporter> | undefined;
    const composing = () =>
      (composer ??= import('nodemailer').then(({ createTransport }) =>
        createTransport({ streamTransport: true, buffer: true, newline: 'windows' }),
      ));
    return {
      async send(message: MailMessage): Promise<void> {
        // Bcc recipients belong to the envelope, never the headers, and nodemailer's stream transport
        // keeps a Bcc header on purpose, so they are left out: the file holds no envelope.
        const info = await (await composing()).sendMail({ ...nodemailerMessage(message), bcc: undefined });
        const name = `${Date.now()}-${randomBytes(6).toString('hex')}.eml`;
        await writeAtomically(dir, name, info.message as Buffer); // a Buffer, not a stream: `buffer: true`
        logger.info({ transport: 'outbox', file: name, messageId: info.messageId }, 'Mail written to the outbox');
      },
    };
  },
};

/**
 * Written under a dot-name and renamed, so whoever watches the directory for `*.eml` never reads half
 * a message. The file is flushed before the rename so a crash cannot leave an empty message behind.
 */
async function writeAtomically(dir: string, name: string, bytes: Buffer): Promise<void> {
  await mkdir(dir, { recursive: true });
  const temporary = join(dir, `.${name}.tmp`);
  try {
    await writeFile(temporary, bytes, { mode: 0o600, flush: true }); // messages may hold personal data
    await rename(temporary, join(dir, name));
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}
