import t from 'tap';
import type { MultipartField, MultipartFile } from '../../../host/http/multipart-form.js';
import { readLegacyForm } from '../../../host/legacy-content/legacy-body.js';
import { interpretParts } from '../../../host/legacy-content/legacy-multipart.js';

/** A spooled file as the multipart reader lists it, with the text a test says it holds. */
interface FakeFile extends MultipartFile {
  text: string;
}
const field = (name: string, value: string, contentType = 'text/plain'): MultipartField => ({
  kind: 'field',
  name,
  contentType,
  value,
});
const file = (name: string, fileName: string, text = 'bytes', contentType = 'application/octet-stream'): FakeFile => ({
  kind: 'file',
  name,
  fileName,
  contentType,
  path: `/spool/${fileName}`,
  size: text.length,
  text,
});
const read = (parts: Array<MultipartField | FakeFile>, maxValues = 1000) =>
  interpretParts(parts, {
    maxValues,
    readText: async (f) => (f as FakeFile).text,
    readPart: async (format, text, left) => readLegacyForm(format, text, left),
  });

t.test('json, xml and urlencoded parts are read in their format even as text/plain', async (t) => {
  const { form, files } = await read([
    field('json', '{"contentType":"News","title":"J","binary_fields":"photo,pdf"}'),
    field('xml', '<content><byline>X</byline></content>'),
    field('urlencoded', 'body=a+b&tags=x'),
    field('extra', '{"not":"json"}'),
  ]);
  t.same(form, {
    contentType: 'News',
    title: 'J',
    binary_fields: 'photo,pdf',
    byline: 'X',
    body: 'a b',
    tags: 'x',
    extra: '{"not":"json"}',
  });
  t.same(files, []);
});

t.test('a text part with a format media type is read in that format; a file never is', async (t) => {
  const { form, files } = await read([
    field('data', '{"title":"T"}', 'application/json'),
    file('file', 'data.json', '{"title":"not me"}', 'application/json'),
  ]);
  t.same(form, { title: 'T' });
  t.equal(files.length, 1, 'an uploaded .json file is a file');
});

t.test('a json part sent as a file is still read as members', async (t) => {
  const { form } = await read([file('json', 'blob', '{"title":"from a file part"}')]);
  t.same(form, { title: 'from a file part' });
});

t.test('files in the order sent, whatever their part is called; repeated text parts are a list', async (t) => {
  const { form, files } = await read([
    file('file', 'a.png'),
    field('tags', 'x'),
    file('other', 'b.pdf'),
    field('tags', 'y'),
  ]);
  t.same(
    files.map((f) => f.fileName),
    ['a.png', 'b.pdf'],
  );
  t.same(form, { tags: ['x', 'y'] });
});

t.test('a malformed json or xml part is refused', async (t) => {
  await t.rejects(read([field('json', '{nope')]), { code: 'HTTP_BODY_INVALID_JSON' });
  await t.rejects(read([field('xml', '<content><a></content>')]), { code: 'LEGACY_XML_UNREADABLE' });
  await t.rejects(read([field('xml', '<!DOCTYPE x SYSTEM "file:///etc/passwd"><content/>')]), {
    code: 'LEGACY_XML_UNREADABLE',
  });
});

t.test(
  'text parts of one name are gathered in work linear in their number; all parts share the values limit',
  async (t) => {
    const original = Array.prototype[Symbol.iterator];
    let steps = 0;
    const count = async (n: number) => {
      steps = 0;
      Array.prototype[Symbol.iterator] = function (this: unknown[]) {
        const inner = original.call(this);
        return Object.assign(Object.create(Object.getPrototypeOf(inner)), {
          next: () => {
            steps++;
            return inner.next();
          },
        });
      } as typeof original;
      const parts = Array.from({ length: n }, (_, i) => field('tags', String(i)));
      try {
        await read(parts, n);
      } finally {
        Array.prototype[Symbol.iterator] = original;
      }
      return steps;
    };
    const [small, large] = [await count(2000), await count(4000)];
    t.ok(large <= 2 * small + 10, `2000 parts: ${small} steps, 4000 parts: ${large}`);
    await t.rejects(read([field('json', '{"a":[1,2,3]}'), field('b', 'x')], 3), {
      code: 'LEGACY_BODY_TOO_MANY_VALUES',
    });
    await t.rejects(read([field('b', 'x'), field('urlencoded', 'a=1&a=2&a=3')], 3), {
      code: 'LEGACY_BODY_TOO_MANY_VALUES',
    });
    t.same((await read([field('b', 'x'), field('urlencoded', 'a=1&a=2')], 3)).form, { b: 'x', a: ['1', '2'] });
  },
);
