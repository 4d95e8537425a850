import t from 'tap';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { trustSpooledFile } from '../../../core/plugin/spooled-file.js';
import { tempDataDir } from '../../helpers/test-app.js';
import { binaryField } from '../../../plugins/field-types/binary.js';
import { categoryField } from '../../../plugins/field-types/category.js';
import { fileField } from '../../../plugins/field-types/file.js';
import { hostFolderField } from '../../../plugins/field-types/host-folder.js';
import { imageField } from '../../../plugins/field-types/image.js';
import { tagField } from '../../../plugins/field-types/tag.js';
import { acceptsAll, field, memoryContext, refusesAll } from './fixtures/table.js';

const SITE = '8a7d5e23-da1e-420a-b4f0-471e7da8ea2d';
const FILE = '4d7daefa-6adb-4b76-896d-3a6ad3a0a2f0';

t.test('Tag: trimmed, empty dropped, repeats in any letter case dropped', async (t) => {
  await acceptsAll(t, tagField, [
    ['news', ['news']],
    ['news, Sports ,,', ['news', 'Sports']],
    ['News,news,NEWS,sports', ['News', 'sports']],
    [
      ['a', ' b ', ''],
      ['a', 'b'],
    ],
    [
      [2024, 'x'],
      ['2024', 'x'],
    ],
    [',', []],
  ]);
  await refusesAll(t, tagField, [
    [{ tag: 'x' }, /comma-separated list, not an object/],
    [[['nested']], /list of strings, not an array/],
  ]);
  t.equal(tagField.toContentMap(['news', 'sports'], field()), 'news,sports');
  t.strictSame(tagField.toIndex(['news', 'sports'], field()), ['news', 'sports']);
});

t.test('Category: by inode, key or variable name; stored as inodes', async (t) => {
  await acceptsAll(t, categoryField, [
    ['cat-inode-1', ['cat-inode-1']],
    ['news', ['cat-inode-1']],
    ['newsCategory', ['cat-inode-1']],
    ['sportsCategory', ['cat-inode-3']],
    ['news, sports', ['cat-inode-1', 'cat-inode-2']],
    ['news,cat-inode-1,newsCategory', ['cat-inode-1']],
    [
      ['sports', 'misc'],
      ['cat-inode-2', 'cat-inode-3'],
    ],
  ]);
  await refusesAll(t, categoryField, [
    ['nope', /no category matches "nope"/],
    ['news,nope,gone', /no category matches "nope", "gone"/],
    ['NEWS', /no category matches "NEWS"/],
    [{ c: 1 }, /comma-separated list, not an object/],
  ]);
  t.strictSame(categoryField.toContentMap(['cat-inode-1'], field()), ['cat-inode-1']);
});

t.test('Site or Folder: a site, a folder path, or site:path', async (t) => {
  await acceptsAll(t, hostFolderField, [
    ['demo.com', { hostId: SITE, folderPath: '/' }],
    ['DEMO.com', { hostId: SITE, folderPath: '/' }],
    [SITE, { hostId: SITE, folderPath: '/' }],
    ['demo.com:/news/2024', { hostId: SITE, folderPath: '/news/2024' }],
    ['demo.com:news/2024/', { hostId: SITE, folderPath: '/news/2024' }],
    ['demo.com:', { hostId: SITE, folderPath: '/' }],
    [`${SITE}:/a`, { hostId: SITE, folderPath: '/a' }],
    ['/news//2024/', { hostId: null, folderPath: '/news/2024' }],
    ['/', { hostId: null, folderPath: '/' }],
  ]);
  await refusesAll(t, hostFolderField, [
    ['other.com', /no site matches "other.com"/],
    ['other.com:/a', /no site matches "other.com"/],
    [':/a', /names no site before the colon/],
    ['/a/../b', /must not contain \. or \.\. segments/],
    ['demo.com:/./a', /must not contain/],
    [{ host: 'demo.com' }, /must be a site, a folder path or site:path, not an object/],
  ]);
  t.equal(hostFolderField.toContentMap({ hostId: SITE, folderPath: '/a' }, field()), SITE);
  t.equal(hostFolderField.toIndex({ hostId: SITE, folderPath: '/a' }, field()), SITE);
});

t.test('File and Image: a path starting with the host name, or an identifier', async (t) => {
  for (const type of [fileField, imageField]) {
    t.equal(type.dataType, 'SYSTEM');
    await acceptsAll(t, type, [
      ['//demo.com/images/a.png', FILE],
      ['demo.com/images/a.png', FILE],
      [' //demo.com/images/a.png ', FILE],
      [FILE, FILE],
      [FILE.toUpperCase(), FILE],
    ]);
    await refusesAll(t, type, [
      ['//demo.com/images/missing.png', /no file matches "\/\/demo.com\/images\/missing.png"/],
      ['/images/a.png', /must start with the host name, as in \/\/demo.com\/images\/a.png/],
      ['a.png', /no file matches "a.png"/],
      [{ path: '/a.png' }, /must be a file identifier or a path starting with the host name, not an object/],
    ]);
  }
});

t.test('Binary: an uploaded part or a base64 data: URL, handed to storeBinary', async (t) => {
  const context = memoryContext();
  const hello = Buffer.from('hello');
  await acceptsAll(
    t,
    binaryField,
    [
      [
        { fileName: 'a.txt', content: hello },
        { path: 'binaries/a.txt', name: 'a.txt', size: 5 },
      ],
      [
        { fileName: '', content: hello },
        { path: 'binaries/file', name: 'file', size: 5 },
      ],
      [{ content: new Uint8Array([1, 2, 3]) }, { path: 'binaries/file', name: 'file', size: 3 }],
      [`data:text/plain;base64,${hello.toString('base64')}`, { path: 'binaries/file', name: 'file', size: 5 }],
      [
        `data:text/plain;name=my%20notes.txt;base64,${hello.toString('base64')}`,
        { path: 'binaries/my notes.txt', name: 'my notes.txt', size: 5 },
      ],
      [`data:;charset=utf-8;NAME=b.txt;base64,aGVs\nbG8=`, { path: 'binaries/b.txt', name: 'b.txt', size: 5 }],
      ['data:image/png;name=%E0%A4;base64,AA==', { path: 'binaries/%E0%A4', name: '%E0%A4', size: 1 }],
    ],
    field(),
    context,
  );
  t.strictSame(
    context.uploads.map((u) => u.content.toString()),
    ['hello', 'hello', '\x01\x02\x03', 'hello', 'hello', 'hello', '\x00'],
    'storeBinary received the bytes',
  );
  await refusesAll(t, binaryField, [
    [{ fileName: 'empty.txt', content: Buffer.alloc(0) }, /the file empty.txt is empty/],
    ['data:text/plain;base64,', /the file file is empty/],
    ['data:text/plain;base64,@@@@', /does not hold valid base64/],
    ['data:text/plain;base64,aGVsbG8=x', /does not hold valid base64/],
    ['data:text/plain;base64,aGVsb', /does not hold valid base64/],
    ['data:text/plain,hello', /base64 data: URL/],
    ['/tmp/a.txt', /must be an uploaded file or a base64 data: URL/],
    [{ fileName: '.htaccess', content: 'x' }, /the file name .htaccess is not allowed/],
    [{ fileName: 'a/.hidden', content: 'x' }, /is not allowed/],
    [{ fileName: 'empty.txt', content: '' }, /the file empty.txt is empty/],
    [{ fileName: 'a.txt' }, /must be an uploaded file/],
    [42, /must be an uploaded file/],
  ]);
  t.equal(binaryField.toIndex({ path: 'binaries/a.txt', name: 'a.txt', size: 5 }, field()), 'a.txt');

  // The original's JSON clients send a text file inline, as {fileName, content}.
  const inline = memoryContext();
  t.same(await binaryField.parse({ fileName: 'notes.txt', content: 'héllo' }, field(), inline), {
    path: 'binaries/notes.txt',
    name: 'notes.txt',
    size: 6,
  });
  t.same(await binaryField.parse({ content: 'x' }, field(), inline), {
    path: 'binaries/unknown',
    name: 'unknown',
    size: 1,
  });
  t.equal(inline.uploads[0]?.content.toString('utf8'), 'héllo', 'stored as UTF-8');

  const dir = tempDataDir(t);
  const spooledFile = (name: string, content: string) => {
    writeFileSync(join(dir, name), content);
    return trustSpooledFile({ path: join(dir, name), size: content.length });
  };
  const spooledContext = memoryContext();
  t.same(
    await binaryField.parse({ fileName: 'big.bin', file: spooledFile('big', 'spooled') }, field(), spooledContext),
    {
      path: 'binaries/big.bin',
      name: 'big.bin',
      size: 7,
    },
  );
  t.equal(spooledContext.uploads[0]?.content.toString(), 'spooled', 'a spooled file is handed over as the file');
  await refusesAll(t, binaryField, [
    [{ fileName: 'empty.bin', file: spooledFile('empty', '') }, /the file empty.bin is empty/],
    [{ fileName: 'forged.txt', file: { path: join(dir, 'big'), size: 7 } }, /must be an uploaded file/],
  ]);
});
