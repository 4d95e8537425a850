import t from 'tap';
import { Readable } from 'node:stream';
import { silentLogger, type Logger } from '../../core/logger.js';
import type { AssetStorage } from '../../core/plugin/asset-storage.js';
import type { MailMessage } from '../../core/plugin/mail-transport.js';
import { withAttachmentContent } from '../../host/mail-attachments.js';

function store(files: Record<string, string>): AssetStorage {
  return {
    write: async () => ({ size: 0 }),
    stat: async (key) => (key in files ? { size: files[key]!.length } : undefined),
    open: async (key) =>
      key in files ? { size: files[key]!.length, stream: Readable.from([Buffer.from(files[key]!)]) } : undefined,
    delete: async () => {},
  };
}

function recordingLogger() {
  const warnings: Array<Record<string, unknown>> = [];
  const logger: Logger = {
    ...silentLogger,
    warn: (fields: Record<string, unknown>) => void warnings.push(fields),
    child: () => logger,
  } as Logger;
  return { logger, warnings };
}

const message = (attachments: MailMessage['attachments']): MailMessage => ({
  from: 'a@x.com',
  to: ['b@x.com'],
  subject: 'S',
  text: 'T',
  attachments,
});
const b64 = (text: string) => Buffer.from(text).toString('base64');

t.test('stored files are read into base64 content; a content type is guessed from the name', async (t) => {
  const sent = await withAttachmentContent(
    message([
      { fileName: 'report.pdf', source: { assetPath: 'assets/k1/report.pdf' } },
      { fileName: 'note.txt', contentType: 'text/x-note', source: { content: b64('note') } },
    ]),
    { assets: store({ 'k1/report.pdf': '%PDF' }), maxBytes: 100, logger: silentLogger },
  );
  t.strictSame(sent.attachments, [
    { fileName: 'report.pdf', contentType: 'application/pdf', source: { content: b64('%PDF') } },
    { fileName: 'note.txt', contentType: 'text/x-note', source: { content: b64('note') } },
  ]);
});

t.test('what exceeds mail.attachments.max.bytes, or cannot be read, is left out with a warning', async (t) => {
  const { logger, warnings } = recordingLogger();
  const sent = await withAttachmentContent(
    message([
      { fileName: 'a.txt', source: { assetPath: 'assets/k/a.txt' } },
      { fileName: 'b.txt', source: { assetPath: 'assets/k/b.txt' } },
      { fileName: 'gone.txt', source: { assetPath: 'assets/k/gone.txt' } },
      { fileName: 'c.txt', source: { content: b64('cc') } },
    ]),
    { assets: store({ 'k/a.txt': '123456', 'k/b.txt': '12345' }), maxBytes: 8, logger },
  );
  t.strictSame(
    sent.attachments?.map((a) => a.fileName),
    ['a.txt', 'c.txt'],
    'a fits; b would exceed the cap; gone is missing; c still fits',
  );
  t.strictSame(
    warnings.map((w) => w.fileName),
    ['b.txt', 'gone.txt'],
  );
  t.equal(sent.text, 'T', 'the message itself is unchanged');
});

t.test('a message without attachments is passed through as it is', async (t) => {
  const plain = message(undefined);
  t.equal(await withAttachmentContent(plain, { assets: store({}), maxBytes: 1, logger: silentLogger }), plain);
});
