import t, { type Test } from 'tap';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { Config } from '../../../core/config/config.js';
import type { Logger } from '../../../core/logger.js';
import type { MailMessage, MailSender } from '../../../core/plugin/mail-transport.js';
import { smtpOptions, smtpTransport } from '../../../plugins/mail/smtp.js';

const USER = 'mailer';
const PASSWORD = 'Pa55-w0rd-that-must-not-leak';

const message: MailMessage = {
  from: 'cms@example.com',
  to: ['alice@example.com'],
  cc: ['carol@example.com'],
  bcc: ['dave@example.com'],
  subject: 'Content published',
  text: 'The page was published.',
  html: '<p>The page was <b>published</b>.</p>',
};

interface Received {
  user: string | undefined;
  from: string | false;
  recipients: string[];
  data: string;
}

/** A real SMTP server on a free port that requires AUTH and has STARTTLS disabled (no certificate). */
async function startServer(
  t: Test,
  rejection = (_password: string) => 'Invalid username or password',
): Promise<{ port: number; received: Received[] }> {
  const received: Received[] = [];
  const server = new SMTPServer({
    secure: false,
    disabledCommands: ['STARTTLS'],
    authOptional: false,
    allowInsecureAuth: true, // AUTH over plain text: acceptable on loopback in a test only
    closeTimeout: 100,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) callback(null, { user: auth.username });
      else callback(new Error(rejection(auth.password ?? '')));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          user: session.user as string | undefined,
          from: session.envelope.mailFrom && session.envelope.mailFrom.address,
          recipients: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve) => {
    const listener = server.listen(0, '127.0.0.1', () => resolve((listener.address() as AddressInfo).port));
  });
  t.teardown(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { port, received };
}

/** A logger that keeps every line, to show the password never reaches one. */
function recordingLogger(lines: string[]): Logger {
  const write = (fields: object, msg: string) => void lines.push(JSON.stringify({ ...fields, msg }));
  const logger: Logger = { debug: write, info: write, warn: write, error: write, child: () => logger };
  return logger;
}

async function sender(t: Test, properties: Record<string, string>, lines: string[] = []): Promise<MailSender> {
  const config = new Config(
    new Map(Object.entries({ 'mail.smtp.host': '127.0.0.1', 'mail.smtp.starttls': 'off', ...properties })),
  );
  const created = await smtpTransport.create({ config, dataDir: '/nonexistent', logger: recordingLogger(lines) });
  t.teardown(() => created.close?.());
  return created;
}

t.test('sends through a real SMTP server with authentication', async (t) => {
  const { port, received } = await startServer(t);
  const lines: string[] = [];
  const mail = await sender(
    t,
    { 'mail.smtp.port': String(port), 'mail.smtp.user': USER, 'mail.smtp.password': PASSWORD },
    lines,
  );
  await mail.send(message);

  t.equal(received.length, 1);
  const [got] = received;
  t.equal(got!.user, USER, 'authenticated as the configured user');
  t.equal(got!.from, 'cms@example.com', 'MAIL FROM');
  t.same(
    [...got!.recipients].sort(),
    ['alice@example.com', 'carol@example.com', 'dave@example.com'],
    'RCPT TO: to, cc and bcc',
  );
  t.match(got!.data, /^Subject: Content published\r$/m);
  t.match(got!.data, /^To: alice@example.com\r$/m);
  t.match(got!.data, /^Cc: carol@example.com\r$/m);
  t.notMatch(got!.data, /^Bcc:/im, 'no Bcc header on the wire');
  t.match(got!.data, /The page was published\./);
  t.match(got!.data, /<p>The page was <b>published<\/b>\.<\/p>/);
  t.notMatch(lines.join('\n'), PASSWORD, 'the password is in no log line');
});

t.test('a wrong password rejects without naming the password', async (t) => {
  const { port, received } = await startServer(t);
  const lines: string[] = [];
  const wrong = 'Wr0ng-secret-value';
  const mail = await sender(
    t,
    { 'mail.smtp.port': String(port), 'mail.smtp.user': USER, 'mail.smtp.password': wrong },
    lines,
  );
  const error = await mail.send(message).then(
    () => undefined,
    (e: unknown) => e as Error,
  );
  t.ok(error, 'the send rejects');
  t.match(error!.message, /^Mail could not be sent: .*Invalid login/);
  t.notMatch(error!.message, wrong);
  t.notMatch(
    JSON.stringify(error, Object.getOwnPropertyNames(error)) + String((error!.cause as Error | undefined)?.message),
    wrong,
    'nor does its cause',
  );
  t.notMatch(lines.join('\n'), wrong, 'nor any log line');
  t.equal(received.length, 0, 'nothing delivered');
});

t.test('a server that echoes the password: it is cut out, and the cause dropped', async (t) => {
  const { port } = await startServer(t, (password) => `No such password: ${password}`);
  const wrong = 'Echoed-secret-value';
  const mail = await sender(t, { 'mail.smtp.port': String(port), 'mail.smtp.user': USER, 'mail.smtp.password': wrong });
  const error = await mail.send(message).then(
    () => undefined,
    (e: unknown) => e as Error,
  );
  t.match(error?.message, /^Mail could not be sent: .*No such password: \[redacted\]/);
  t.notMatch(error?.message, wrong);
  t.equal(error?.cause, undefined);
});

t.test('an unreachable port rejects promptly', async (t) => {
  const closed = createServer();
  const port = await new Promise<number>((resolve) =>
    closed.listen(0, '127.0.0.1', () => resolve((closed.address() as AddressInfo).port)),
  );
  await new Promise((resolve) => closed.close(resolve));
  const mail = await sender(t, { 'mail.smtp.port': String(port), 'mail.smtp.timeout.ms': '500' });
  const refused = await mail.send(message).then(
    () => undefined,
    (e: unknown) => e as Error,
  );
  t.match(refused?.message, /^Mail could not be sent: .*ECONNREFUSED/);
  // Told by what ended it rather than by a time: the refusal, not the timeout.
  t.notMatch(refused?.message, /timeout|never received/i, 'did not hang: refused at once, not timed out');
});

t.test('a server that never greets times out after mail.smtp.timeout.ms', async (t) => {
  const silent: Server = createServer(() => {}); // accepts, then says nothing
  const port = await new Promise<number>((resolve) =>
    silent.listen(0, '127.0.0.1', () => resolve((silent.address() as AddressInfo).port)),
  );
  t.teardown(() => new Promise<void>((resolve) => silent.close(() => resolve())));
  const mail = await sender(t, { 'mail.smtp.port': String(port), 'mail.smtp.timeout.ms': '300' });
  const started = Date.now();
  // Ended by a timeout (the greeting's or the socket's, both mail.smtp.timeout.ms), not by anything else.
  await t.rejects(mail.send(message), /^Mail could not be sent: .*(Greeting never received|Timeout)/);
  const elapsed = Date.now() - started;
  // A lower bound only: a busy machine can only make the wait longer.
  t.ok(elapsed >= 250, `waited the timeout (${elapsed} ms)`);
});

t.test('properties map to nodemailer options', async (t) => {
  const options = (props: Record<string, string>) => smtpOptions(new Config(new Map(Object.entries(props))));
  const defaults = options({});
  t.match(defaults, {
    host: 'localhost',
    port: 25,
    secure: false,
    requireTLS: false,
    ignoreTLS: false,
    auth: undefined,
    tls: { rejectUnauthorized: true },
    connectionTimeout: 10000,
  });
  t.match(options({ 'mail.smtp.starttls': 'required' }), { requireTLS: true, ignoreTLS: false });
  t.match(options({ 'mail.smtp.starttls': 'off' }), { requireTLS: false, ignoreTLS: true });
  t.match(options({ 'mail.smtp.secure': 'true', 'mail.smtp.port': '465', 'mail.smtp.reject.unauthorized': 'false' }), {
    secure: true,
    port: 465,
    tls: { rejectUnauthorized: false },
  });
  t.same(
    options({ 'mail.smtp.user': 'u', 'mail.smtp.password': ' p w ' }).auth,
    { user: 'u', pass: ' p w ' },
    'the password is taken as written',
  );
  t.equal(options({ 'mail.smtp.password': 'p' }).auth, undefined, 'no user, no authentication');
  t.throws(() => options({ 'mail.smtp.starttls': 'maybe' }), /mail.smtp.starttls/);
});
