import t from 'tap';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Config } from '../../../core/config/config.js';
import { silentLogger } from '../../../core/logger.js';
import type { MailMessage } from '../../../core/plugin/mail-transport.js';
import mailPlugin from '../../../plugins/mail/index.js';
import { outboxTransport } from '../../../plugins/mail/outbox.js';
import { tempDataDir } from '../../helpers/test-app.js';

const message: MailMessage = {
  from: 'cms@example.com',
  to: ['alice@example.com', 'bob@example.com'],
  cc: ['carol@example.com'],
  bcc: ['secret-dave@example.com'],
  subject: 'Content published',
  text: 'The page was published.',
  html: '<p>The page was <b>published</b>.</p>',
};

/** The header block of an .eml file, unfolded, keyed by lower-case name. */
function headersOf(eml: string): Map<string, string> {
  const block = eml.slice(0, eml.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
  return new Map(
    block
      .split('\r\n')
      .map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
}

t.test('writes each message as an .eml file in <dataDir>/outbox', async (t) => {
  const dataDir = tempDataDir(t);
  const sender = await outboxTransport.create({ config: new Config(), dataDir, logger: silentLogger });
  await sender.send(message);

  const outbox = join(dataDir, 'outbox');
  const files = readdirSync(outbox);
  t.equal(files.length, 1, 'one file, no temporary left behind');
  t.match(files[0], /^\d{13}-[0-9a-f]+\.eml$/);

  const eml = readFileSync(join(outbox, files[0]!), 'utf8');
  const headers = headersOf(eml);
  t.equal(headers.get('from'), 'cms@example.com');
  t.equal(headers.get('to'), 'alice@example.com, bob@example.com');
  t.equal(headers.get('cc'), 'carol@example.com');
  t.equal(headers.get('subject'), 'Content published');
  t.ok(headers.get('message-id'), 'has a Message-ID');
  t.ok(headers.get('date'), 'has a Date');
  t.match(headers.get('content-type'), /^multipart\/alternative; boundary=/);
  t.notOk(headers.has('bcc'), 'no Bcc header');
  t.notMatch(eml, /secret-dave/, 'the bcc address appears nowhere in the file');
  t.match(eml, /Content-Type: text\/plain[^]*The page was published\./);
  t.match(eml, /Content-Type: text\/html[^]*<p>The page was <b>published<\/b>\.<\/p>/);
  t.notMatch(eml, /[^\r]\n/, 'CRLF line endings');

  await sender.send({ ...message, subject: 'Second' });
  t.equal(readdirSync(outbox).filter((f) => f.endsWith('.eml')).length, 2, 'two sends, two files');
  t.equal(readdirSync(outbox).length, 2, 'nothing else in the outbox');
});

t.test('mail.outbox.dir names the directory, relative to the data directory', async (t) => {
  const dataDir = tempDataDir(t);
  const config = new Config(new Map([['mail.outbox.dir', 'mail/sent']]));
  const sender = await outboxTransport.create({ config, dataDir, logger: silentLogger });
  await sender.send({ from: 'a@example.com', to: ['b@example.com'], subject: 'Only text', text: 'Hi' });
  const files = readdirSync(join(dataDir, 'mail', 'sent'));
  t.equal(files.length, 1);
  const eml = readFileSync(join(dataDir, 'mail', 'sent', files[0]!), 'utf8');
  t.match(headersOf(eml).get('content-type'), /^text\/plain/, 'a text-only message is not multipart');
});

t.test('the mail-builtin plugin contributes outbox and smtp and declares its properties', async (t) => {
  t.equal(mailPlugin.name, 'mail-builtin');
  const contributions = await mailPlugin.setup({ config: new Config(), dataDir: tempDataDir(t), logger: silentLogger });
  t.same(
    contributions.mailTransports?.map((m) => m.name),
    ['outbox', 'smtp'],
  );
  const properties = mailPlugin.properties ?? {};
  t.match(properties, {
    'mail.outbox.dir': { default: 'outbox' },
    'mail.smtp.port': { type: 'int', default: 25, min: 1, max: 65535 },
    'mail.smtp.starttls': { type: 'oneOf', default: 'opportunistic', values: ['required', 'opportunistic', 'off'] },
    'mail.smtp.secure': { type: 'bool', default: false },
  });
  for (const [key, spec] of Object.entries(properties)) t.ok(spec.description, `${key} is described`);
  t.equal(properties['mail.smtp.password']?.secret, true, 'the password is never quoted in a start-up error');
});
