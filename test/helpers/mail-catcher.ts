import type { Test } from 'tap';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  messageId: string | undefined;
  subject: string | undefined;
  data: string;
}

export interface MailCatcher {
  readonly port: number;
  /** Every message accepted, in arrival order. */
  readonly received: CaughtMail[];
  /** Messages refused while `rejecting` was on. */
  refused: number;
  /** While on, every message is refused with a permanent error (a failing peer). */
  rejecting: boolean;
  /** The `mail.smtp.*` settings (as environment variables) that send here. */
  readonly env: Record<string, string>;
  /** Resolves, with every message so far, once `count` have arrived (polls; a bound on the number of checks, not a timing). */
  waitFor(count: number): Promise<CaughtMail[]>;
  /** Empties the list, after giving stragglers a moment to arrive. */
  drain(): Promise<CaughtMail[]>;
}

/** A local SMTP server as the peer of mail jobs: it records what it accepts, or refuses while told to. */
export async function startMailCatcher(t: Test): Promise<MailCatcher> {
  const catcher = { received: [] as CaughtMail[], refused: 0, rejecting: false } as MailCatcher & { port: number };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        if (catcher.rejecting) {
          catcher.refused++;
          return callback(Object.assign(new Error('Refused by the test peer'), { responseCode: 554 }));
        }
        catcher.received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          messageId: /^Message-ID:\s*(<[^>]+>)/im.exec(data)?.[1],
          subject: /^Subject:\s*(.*)$/im.exec(data)?.[1]?.trim(),
          data,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const port = (server.server.address() as { port: number }).port;
  return Object.assign(catcher, {
    port,
    env: {
      CMS_MAIL_TRANSPORT: 'smtp',
      CMS_MAIL_SMTP_HOST: '127.0.0.1',
      CMS_MAIL_SMTP_PORT: String(port),
      CMS_MAIL_SMTP_STARTTLS: 'off',
    },
    waitFor: async (count: number) => {
      await until(() => catcher.received.length >= count, `${count} mails`);
      return catcher.received;
    },
    drain: async () => {
      await new Promise((resolve) => setTimeout(resolve, 100));
      return catcher.received.splice(0);
    },
  });
}

/** Checks `done` every 20 ms, up to 1500 times; throws naming `what` if it never holds. */
export async function until(done: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 1500; i++) {
    if (await done()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`Still waiting for ${what}`);
}
