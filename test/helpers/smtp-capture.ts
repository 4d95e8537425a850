import type { Test } from 'tap';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  /** Envelope recipients (To, Cc and Bcc alike). */
  to: string[];
  /** The raw message as received. */
  data: string;
}

/**
 * A real SMTP server on 127.0.0.1 (a free port of its own), keeping every message it receives, and
 * the properties that point the service's smtp transport at it. Closed when the test ends.
 */
export async function startSmtpCapture(t: Test) {
  const received: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const port = (server.server.address() as { port: number }).port;
  return {
    received,
    env: {
      CMS_MAIL_TRANSPORT: 'smtp',
      CMS_MAIL_SMTP_HOST: '127.0.0.1',
      CMS_MAIL_SMTP_PORT: String(port),
      CMS_MAIL_SMTP_STARTTLS: 'off',
    },
    /** Waits (bounded) until at least `count` messages have arrived; answers them all. */
    async waitFor(count: number): Promise<CapturedMail[]> {
      for (let i = 0; i < 250 && received.length < count; i++) await new Promise((r) => setTimeout(r, 20));
      return received;
    },
    /** Empties the list, after giving stragglers a moment to arrive. */
    async drain(): Promise<CapturedMail[]> {
      await new Promise((r) => setTimeout(r, 100));
      return received.splice(0);
    },
  };
}
