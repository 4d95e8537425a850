import t from 'tap';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { CmsError } from '../../../core/errors/index.js';
import { isSpooledFile } from '../../../core/plugin/spooled-file.js';
import { readMultipartForm, type MultipartLimits } from '../../../host/http/multipart-form.js';
import type { IncomingRequest } from '../../../host/http/route.js';
import { tempDataDir } from '../../helpers/test-app.js';
import { multipartBody, MULTIPART_BOUNDARY, type Part } from '../../helpers/multipart-body.js';
import { waitUntil } from '../../helpers/wait-async.js';

const LIMITS: MultipartLimits = { maxParts: 20, maxFieldBytes: 1024, maxFileBytes: 64 * 1024, maxFiles: 5 };

/** A request whose body arrives in `chunks` (split to cross part boundaries), or in `rawBody` without `bodyStream`. */
function request(
  body: Buffer | Readable,
  { contentType = `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`, streamed = true } = {},
): IncomingRequest {
  const rawBody = Buffer.isBuffer(body) ? body : Buffer.alloc(0);
  const chunks = () => {
    if (!Buffer.isBuffer(body)) return body;
    const pieces: Buffer[] = [];
    for (let at = 0; at < body.length; at += 7_001) pieces.push(body.subarray(at, at + 7_001));
    return Readable.from(pieces);
  };
  return {
    id: 'test',
    method: 'PUT',
    path: '/upload',
    query: new URLSearchParams(),
    headers: { 'content-type': contentType },
    cookies: {},
    ip: '127.0.0.1',
    secure: false,
    rawBody,
    readBody: () => Promise.resolve(),
    ...(streamed ? { bodyStream: chunks } : {}),
  };
}

/** Every file under the temporary directory. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

const refusal = async (promise: Promise<unknown>): Promise<CmsError> => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof CmsError) return error;
    throw error;
  }
  throw new Error('the form was read');
};

t.test('parts in the order sent: fields in memory, files spooled under the temporary directory', async (t) => {
  const tempDir = tempDataDir(t);
  const large = Buffer.alloc(50_000, 7);
  const form = await readMultipartForm(
    request(
      multipartBody([
        { name: 'json', value: '{"a":1}', type: 'Application/JSON; charset=utf-8' },
        { name: 'file', value: large, fileName: 'C:\\Users\\me\\photo.png', type: 'image/png' },
        { name: 'title', value: 'Grüße' },
        { name: 'file', value: Buffer.from('second'), fileName: '../../etc/passwd' },
      ]),
    ),
    { tempDir, limits: LIMITS },
  );
  t.match(form.parts, [
    { kind: 'field', name: 'json', contentType: 'application/json', value: '{"a":1}' },
    { kind: 'file', name: 'file', fileName: 'C:\\Users\\me\\photo.png', contentType: 'image/png', size: 50_000 },
    { kind: 'field', name: 'title', contentType: 'text/plain', value: 'Grüße' },
    // A part that names no type is text (RFC 7578), files too.
    { kind: 'file', name: 'file', fileName: '../../etc/passwd', contentType: 'text/plain', size: 6 },
  ]);
  const [, first, , second] = form.parts;
  if (first?.kind !== 'file' || second?.kind !== 'file') throw new Error('files expected');
  t.ok(readFileSync(first.path).equals(large), 'the bytes as sent');
  t.equal(readFileSync(second.path, 'utf8'), 'second');
  for (const file of [first, second]) {
    const inside = relative(tempDir, file.path).split(sep);
    t.equal(inside.length, 2, 'under <tempDir>/<request>/<file>');
    t.match(inside, [/^[0-9a-f-]{36}$/, /^[0-9a-f-]{36}$/], 'random names, never the client’s');
    t.ok(isSpooledFile(file), 'a file field types may store');
  }
  t.equal(dirname(first.path), dirname(second.path), 'one directory per request');
  await form.dispose();
  await form.dispose();
  t.same(filesUnder(tempDir), [], 'dispose removes the files, twice safely');
});

t.test('a request without a body stream is read whole, then parsed the same way', async (t) => {
  const tempDir = tempDataDir(t);
  const form = await readMultipartForm(
    request(multipartBody([{ name: 'file', value: Buffer.from('abc'), fileName: 'a.txt' }]), { streamed: false }),
    { tempDir, limits: LIMITS },
  );
  t.match(form.parts, [{ kind: 'file', fileName: 'a.txt', size: 3 }]);
  await form.dispose();
});

t.test('refusals: a clean catalogue error, and no temporary file left', async (t) => {
  const file = (i: number): Part => ({ name: 'file', value: Buffer.alloc(100, i), fileName: `f${i}.bin` });
  const many = (count: number, make: (i: number) => Part) => Array.from({ length: count }, (_, i) => make(i));
  const valid = multipartBody([file(1)]);
  const cases: Array<[string, IncomingRequest, string, string, MultipartLimits?]> = [
    [
      'text parts too large together',
      request(multipartBody(many(5, (i) => ({ name: `t${i}`, value: 'x'.repeat(1000) })))),
      'HTTP_BODY_TOO_LARGE',
      'too_large',
      { ...LIMITS, maxFieldsTotalBytes: 4000 },
    ],
    [
      'too many parts',
      request(multipartBody(many(10_000, (i) => ({ name: `f${i}`, value: '' })))),
      'HTTP_BODY_MULTIPART_INVALID',
      'invalid',
    ],
    [
      'too many parts, files among them',
      request(multipartBody([...many(4, file), ...many(30, (i) => ({ name: `x${i}`, value: 'v' }))])),
      'HTTP_BODY_MULTIPART_INVALID',
      'invalid',
    ],
    ['too many files', request(multipartBody(many(6, file))), 'HTTP_BODY_MULTIPART_INVALID', 'invalid'],
    [
      'a field too large',
      request(multipartBody([{ name: 'json', value: 'x'.repeat(1025) }])),
      'HTTP_UPLOAD_PART_TOO_LARGE',
      'too_large',
    ],
    [
      'a file too large',
      request(multipartBody([file(1), { name: 'file', value: Buffer.alloc(64 * 1024 + 1), fileName: 'big.bin' }])),
      'HTTP_UPLOAD_PART_TOO_LARGE',
      'too_large',
    ],
    [
      'a body cut inside a file',
      request(valid.subarray(0, valid.length - 60)),
      'HTTP_BODY_MULTIPART_INVALID',
      'invalid',
    ],
    [
      'no closing boundary',
      request(valid.subarray(0, valid.indexOf(`--${MULTIPART_BOUNDARY}--`))),
      'HTTP_BODY_MULTIPART_INVALID',
      'invalid',
    ],
    ['an empty body', request(Buffer.alloc(0)), 'HTTP_BODY_MULTIPART_INVALID', 'invalid'],
    ['not multipart', request(valid, { contentType: 'application/json' }), 'HTTP_BODY_MULTIPART_INVALID', 'invalid'],
    ['no boundary', request(valid, { contentType: 'multipart/form-data' }), 'HTTP_BODY_MULTIPART_INVALID', 'invalid'],
    [
      'a part without a name',
      request(multipartBody([{ name: '', value: 'x' }])),
      'HTTP_BODY_MULTIPART_INVALID',
      'invalid',
    ],
  ];
  for (const [what, sent, code, kind, limits = LIMITS] of cases) {
    const tempDir = tempDataDir(t);
    const error = await refusal(readMultipartForm(sent, { tempDir, limits }));
    t.equal(error.code, code, what);
    t.equal(error.kind, kind, `${what}: ${kind}`);
    t.same(filesUnder(tempDir), [], `${what}: no temporary file left`);
  }
});

t.test('a body that fails mid-file (the client went away) fails the form and leaves no file', async (t) => {
  const tempDir = tempDataDir(t);
  const gone = new Error('the client went away');
  const body = multipartBody([{ name: 'file', value: Buffer.alloc(200_000, 1), fileName: 'a.bin' }]);
  const source = new Readable({ read() {} });
  source.push(body.subarray(0, 100_000));
  const reading = readMultipartForm(request(source), { tempDir, limits: { ...LIMITS, maxFileBytes: 1e6 } });
  void reading.catch(() => undefined); // rejected on purpose: checked below
  // Mid-file: the client goes once the file is being written.
  await waitUntil(() => filesUnder(tempDir).length > 0, { what: 'the file being written' });
  source.destroy(gone);
  await t.rejects(reading, gone);
  t.same(filesUnder(tempDir), [], 'nothing left');
});
