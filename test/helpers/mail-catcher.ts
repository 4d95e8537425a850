import type { Test } from 'tap';
import { SMTPServer } from 'smtp-server';
import type { TestApp } from './test-app.js';
import { waitUntil } from './wait-async.js';

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
  /** Resolves, with every message so far, once `count` have arrived. */
  waitFor(count: number): Promise<CaughtMail[]>;
  /**
   * Empties the list once `s` has no job left to run: every mail its committed changes called for
   * has been delivered (or given up on), so none can arrive after.
   */
  drain(s: TestApp): Promise<CaughtMail[]>;
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
    drain: async (s: TestApp) => {
      await jobsSettled(s);
      return catcher.received.splice(0);
    },
  });
}

/** Resolves once `done` holds (looked at every few milliseconds); fails naming `what` if it never does. */
export async function until(done: () => boolean | Promise<boolean>, what: string): Promise<void> {
  await waitUntil(done, { what });
}

/**
 * Resolves once the app has no job pending or running. Jobs are written in the transaction of the
 * change that calls for them, so after its answer this is the state in which every mail it called
 * for was sent (a mail job is done once the peer accepted the message). One listing, so that a job
 * moving between states is never missed between two queries.
 */
export async function jobsSettled(s: TestApp): Promise<void> {
  await waitUntil(
    async () => {
      const listed = await s.http('GET', '/api/v1/jobs?per_page=500', { headers: s.basicAuth() });
      if (listed.status !== 200) throw new Error(`listing jobs answered ${listed.status}: ${listed.text}`);
      const jobs = listed.json.entity as Array<{ status: string }>;
      if (listed.json.pagination.totalEntries > jobs.length) throw new Error('more jobs than one page lists');
      return jobs.every((job) => job.status === 'done' || job.status === 'dead');
    },
    { what: 'every job done or dead' },
  );
}
