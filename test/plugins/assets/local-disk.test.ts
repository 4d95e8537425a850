import t from 'tap';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { localDiskAssets } from '../../../plugins/assets/local-disk.js';
import { tempDataDir } from '../../helpers/test-app.js';
import { assetStorageSuite } from './asset-storage-suite.js';

assetStorageSuite(t, async (t) => localDiskAssets(join(tempDataDir(t), 'assets')));

t.test('files land under the store directory; no temporary file stays, even after a failed write', async (t) => {
  const root = join(tempDataDir(t), 'assets');
  const store = localDiskAssets(root);
  await store.write('abc/report.pdf', Buffer.from('%PDF'));
  t.equal(readFileSync(join(root, 'abc', 'report.pdf'), 'utf8'), '%PDF');
  t.same(readdirSync(join(root, 'abc')), ['report.pdf'], 'only the file: the temporary was renamed over it');

  // A directory where the file should go makes the final rename fail: the temporary is cleaned up.
  await store.write('abc/dir/inner.txt', Buffer.from('x'));
  await t.rejects(store.write('abc/dir', Buffer.from('y')));
  t.same(readdirSync(join(root, 'abc')).sort(), ['dir', 'report.pdf'], 'no temporary file left behind');

  await store.delete('abc/report.pdf');
  t.notOk(existsSync(join(root, 'abc', 'report.pdf')));
  await store.delete('abc/dir/inner.txt');
  t.notOk(existsSync(join(root, 'abc', 'dir')), 'an emptied per-asset folder goes too');
});

t.test('writeFile leaves no temporary file, even when the copy fails', async (t) => {
  const root = join(tempDataDir(t), 'assets');
  const store = localDiskAssets(root);
  const source = join(tempDataDir(t), 'upload.bin');
  writeFileSync(source, 'spooled');
  await store.writeFile!('abc/up.bin', source);
  t.same(readdirSync(join(root, 'abc')), ['up.bin'], 'only the file: the temporary was renamed over it');
  await t.rejects(store.writeFile!('abc/other.bin', join(root, 'nowhere')));
  t.same(readdirSync(join(root, 'abc')), ['up.bin'], 'no temporary file left behind');
});

t.test('list skips what is no asset: temporaries of writes in progress, hidden files', async (t) => {
  const root = join(tempDataDir(t), 'assets');
  const store = localDiskAssets(root);
  await store.write('abc/report.pdf', Buffer.from('%PDF'));
  writeFileSync(join(root, 'abc', '.0b9c6a4e-4c1f-4f6e-9a59-2f8d7e1c0a11.tmp'), 'partial');
  mkdirSync(join(root, '.hidden'));
  writeFileSync(join(root, '.hidden', 'x.txt'), 'x');
  const keys: string[] = [];
  for await (const { key } of store.list!()) keys.push(key);
  t.same(keys, ['abc/report.pdf']);
});

t.test('a store whose directory was never made lists nothing', async (t) => {
  const store = localDiskAssets(join(tempDataDir(t), 'never-written'));
  for await (const listed of store.list!()) t.fail(`listed ${listed.key}`);
  t.pass();
});
