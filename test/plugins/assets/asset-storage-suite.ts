import type { Test } from 'tap';
import { randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AssetStorage } from '../../../core/plugin/asset-storage.js';
import { tempDataDir } from '../../helpers/test-app.js';

async function readAll(store: AssetStorage, key: string): Promise<Buffer | undefined> {
  const opened = await store.open(key);
  if (!opened) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of opened.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** What every asset store must do (the contract of `core/plugin/asset-storage.ts`). */
export function assetStorageSuite(t: Test, open: (t: Test) => Promise<AssetStorage>): void {
  t.test('round trip, stat, overwrite, delete', async (t) => {
    const store = await open(t);
    const key = '0b9c6a4e-4c1f-4f6e-9a59-2f8d7e1c0a11/logo.png';
    t.equal(await store.stat(key), undefined);
    t.equal(await store.open(key), undefined);
    t.same(await store.write(key, Buffer.from('first')), { size: 5 });
    t.same(await store.stat(key), { size: 5 });
    t.equal((await readAll(store, key))?.toString(), 'first');
    await store.write(key, Buffer.from('second, longer'));
    t.equal((await readAll(store, key))?.toString(), 'second, longer', 'a write replaces the whole content');
    await store.delete(key);
    t.equal(await store.stat(key), undefined);
    await store.delete(key);
    t.pass('deleting a missing key is done');
  });

  t.test('keys that could leave the store are refused', async (t) => {
    const store = await open(t);
    for (const key of ['../x', 'a/../../x', '/etc/passwd', 'a\\b', 'a//b', '', '.', 'a/.', '.hidden/x']) {
      await t.rejects(store.write(key, Buffer.from('x')), JSON.stringify(key));
    }
  });

  t.test('concurrent writes to different keys all land', async (t) => {
    const store = await open(t);
    const keys = Array.from({ length: 20 }, (_, i) => `k${i}/file-${i}.txt`);
    await Promise.all(keys.map((key, i) => store.write(key, Buffer.from(`content ${i}`))));
    t.same(
      await Promise.all(keys.map(async (key) => (await readAll(store, key))?.toString())),
      keys.map((_, i) => `content ${i}`),
    );
  });

  t.test('list: every key held, with when it was written; deleted keys are gone', async (t) => {
    const store = await open(t);
    if (!store.list) return t.pass('skipped: this store does not list (optional: it is then never swept)');
    const listed = async () => {
      const found = new Map<string, number>();
      for await (const { key, modifiedAt } of store.list!()) found.set(key, modifiedAt);
      return found;
    };
    t.same([...(await listed()).keys()], [], 'an empty store lists nothing');
    const keys = ['a1/one.txt', 'a2/two.txt', 'deep/er/three.txt'];
    for (const key of keys) await store.write(key, Buffer.from(key));
    const found = await listed();
    t.same([...found.keys()].sort(), keys, 'each key once, keys only (no folders, no temporaries)');
    for (const [key, modifiedAt] of found)
      // The store's clock is the machine's here: a sanity bound, not a timing.
      t.ok(Math.abs(modifiedAt - Date.now()) < 60_000, `${key} was written just now`);
    await store.delete('a1/one.txt');
    t.same([...(await listed()).keys()].sort(), ['a2/two.txt', 'deep/er/three.txt']);
  });

  t.test('large content streams back intact', async (t) => {
    const store = await open(t);
    const big = Buffer.alloc(3 * 1024 * 1024, 7);
    await store.write('big/blob.bin', big);
    t.ok((await readAll(store, 'big/blob.bin'))?.equals(big));
  });

  t.test('writeFile: a local file copied in whole and atomically, the source left in place', async (t) => {
    const store = await open(t);
    if (!store.writeFile) {
      t.pass('skipped: this store has no writeFile (the service reads spooled uploads into memory and calls write)');
      return;
    }
    const source = join(tempDataDir(t), 'upload.bin');
    const big = randomBytes(3 * 1024 * 1024);
    writeFileSync(source, big);
    t.same(await store.writeFile('up/load.bin', source), { size: big.length });
    t.ok((await readAll(store, 'up/load.bin'))?.equals(big), 'the same bytes');
    t.ok(readFileSync(source).equals(big), 'the source is untouched');
    writeFileSync(source, 'replaced');
    await store.writeFile('up/load.bin', source);
    t.equal((await readAll(store, 'up/load.bin'))?.toString(), 'replaced', 'a write replaces the whole content');
    for (const key of ['../x', '/etc/passwd', 'a//b']) await t.rejects(store.writeFile(key, source), key);
    await t.rejects(store.writeFile('up/missing.bin', join(source, '..', 'missing')), 'a missing source fails');
    t.equal(await store.stat('up/missing.bin'), undefined, 'and leaves nothing');
  });
}
