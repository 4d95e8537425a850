import t from 'tap';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { storedAssetKey } from '../helpers/stored-asset-key.js';
import { startTestApp, testOnSqlite, type TestApp } from '../helpers/test-app.js';
import { createFolders } from '../helpers/folders.js';
import { waitUntil } from '../helpers/wait-async.js';

// Binaries that nothing references any more are swept.
const MEMORY_ASSETS = fileURLToPath(new URL('../fixtures/memory-assets-plugin.mjs', import.meta.url));
/** Well past the default grace period (an hour): every file written so far counts as old. */
const LATER = () => Date.now() + 2 * 3600_000;

const upload = (name: string, text: string) =>
  `data:text/plain;name=${encodeURIComponent(name)};base64,${Buffer.from(text).toString('base64')}`;

async function fileType(s: TestApp, variable: string): Promise<void> {
  const made = await s.http('POST', '/api/v1/contenttype', {
    headers: s.basicAuth(),
    body: { baseType: 'FILEASSET', name: variable, variable },
  });
  if (made.status !== 200) throw new Error(`content type ${variable}: ${made.text}`);
  // Files are placed in /docs, which must exist.
  await createFolders(s, 'default', ['/docs']);
}

/** Fires a system action; answers the item and the asset key of its file. */
async function fire(s: TestApp, verb: string, body: unknown, query = '') {
  const fired = await s.http('PUT', `/api/v1/workflow/actions/default/fire/${verb}${query}`, {
    headers: s.basicAuth(),
    body,
  });
  if (fired.status !== 200) throw new Error(`${verb}: ${fired.text}`);
  const entity = fired.json.entity as { identifier: string; inode: string; map?: { fileAsset?: string } };
  return { ...entity, key: entity.map?.fileAsset ? await storedAssetKey(s, entity.inode) : '' };
}

const newFile = (s: TestApp, type: string, name: string) =>
  fire(s, 'NEW', {
    contentletFormData: {
      contentType: type,
      hostFolder: 'default:/docs',
      fileAsset: upload(name, name),
      fileName: name,
    },
  });

testOnSqlite('files no version references are swept; referenced and recent ones stay', async (t, s) => {
  await fileType(s, 'Documents');
  await fileType(s, 'Images');
  const onDisk = (key: string) => existsSync(join(s.dataDir, 'assets', ...key.split('/')));

  // Replaced by a new version: the old file is still referenced by the older version.
  const first = await newFile(s, 'Documents', 'report.txt');
  const second = await fire(s, 'EDIT', {
    contentletFormData: { identifier: first.identifier, fileAsset: upload('report.txt', 'v2'), fileName: 'report.txt' },
  });
  t.not(second.key, first.key, 'a new file for the new version');
  // Deleted: nothing references its file any more.
  const deleted = await newFile(s, 'Documents', 'deleted.txt');
  await fire(s, 'ARCHIVE', undefined, `?inode=${deleted.inode}`);
  await fire(s, 'DELETE', undefined, `?inode=${deleted.inode}`);
  // Its content type deleted with its content.
  const image = await newFile(s, 'Images', 'logo.txt');
  const removed = await s.http('DELETE', '/api/v1/contenttype/id/Images?deleteContent=true', {
    headers: s.basicAuth(),
  });
  t.equal(removed.status, 200);
  // Written by a save that a crash cut short before its commit.
  const orphan = '0b9c6a4e-4c1f-4f6e-9a59-2f8d7e1c0a11/orphan.txt';
  mkdirSync(join(s.dataDir, 'assets', '0b9c6a4e-4c1f-4f6e-9a59-2f8d7e1c0a11'));
  writeFileSync(join(s.dataDir, 'assets', ...orphan.split('/')), 'orphan');

  const sweeper = s.app.services.assetSweeper;
  t.match(await sweeper.sweep(), { listed: 5, recent: 5, deleted: 0 }, 'within the grace period nothing is swept');
  for (const key of [first.key, second.key, deleted.key, image.key, orphan]) t.ok(onDisk(key), `${key} stays`);

  t.match(await sweeper.sweep({ now: LATER() }), { listed: 5, recent: 0, referenced: 2, deleted: 3, failed: 0 });
  t.ok(onDisk(first.key), 'the file of an older version stays');
  t.ok(onDisk(second.key), 'the file of the working version stays');
  t.notOk(onDisk(deleted.key), 'the file of a deleted item is gone');
  t.notOk(onDisk(image.key), 'the file of an item deleted with its type is gone');
  t.notOk(onDisk(orphan), 'the file of a save that never committed is gone');
  const read = (await s.http('GET', `/api/v1/content/${first.identifier}`, { headers: s.basicAuth() })).json.entity;
  t.equal(await storedAssetKey(s, read.inode), second.key, 'the item reads as before');

  const lines = s.logs.filter((line) => line.msg === 'unreferenced assets swept');
  t.equal(lines.length, 2, 'one line per sweep');
  t.match(lines[1], { level: 'info', listed: 5, deleted: 3 });
  t.notMatch(JSON.stringify(lines), /deleted\.txt|logo\.txt|orphan/, 'never a file name');

  t.match(await sweeper.sweep({ now: LATER() }), { listed: 2, deleted: 0 }, 'a second sweep finds nothing more');
});

t.test('a third-party store that lists is swept through its contract', async (t) => {
  const s = (await startTestApp(t, { env: { CMS_PLUGINS: MEMORY_ASSETS, CMS_ASSETS_DRIVER: 'memory' } }))!;
  const files = (globalThis as { __memoryAssets?: Map<string, Buffer> }).__memoryAssets!;
  await fileType(s, 'Documents');
  const kept = await newFile(s, 'Documents', 'kept.txt');
  const gone = await newFile(s, 'Documents', 'gone.txt');
  await fire(s, 'ARCHIVE', undefined, `?inode=${gone.inode}`);
  await fire(s, 'DESTROY', undefined, `?inode=${gone.inode}`);
  t.ok(files.has(gone.key));
  await s.app.services.assetSweeper.sweep({ now: LATER() });
  t.ok(files.has(kept.key));
  t.notOk(files.has(gone.key));
});

t.test('the sweep runs on its schedule, and a store that cannot list is said so once', async (t) => {
  const s = (await startTestApp(t, { env: { CMS_ASSETS_SWEEP_SECONDS: '1' } }))!;
  // Waits for behaviour (a sweep's line), not for a time.
  await waitUntil(() => s.logs.some((line) => line.msg === 'unreferenced assets swept'), {
    what: 'the line of the scheduled sweep',
  });
  t.match(
    s.logs.find((line) => line.msg === 'unreferenced assets swept'),
    { level: 'info', area: 'asset-sweep', listed: 0 },
  );

  const plugin = join(s.dataDir, 'no-list-assets.mjs');
  writeFileSync(
    plugin,
    `export default { name: 'no-list-assets', apiVersion: 1, setup: () => ({ assetStorages: [{ name: 'nolist',
      open: () => ({ async write(k, c) { return { size: c.length }; }, async stat() {}, async open() {}, async delete() {} }) }] }) };`,
  );
  const unlisted = (await startTestApp(t, { env: { CMS_PLUGINS: plugin, CMS_ASSETS_DRIVER: 'nolist' } }))!;
  t.equal(unlisted.logs.filter((line) => /cannot list its files/.test(String(line.msg))).length, 1);
  t.equal(await unlisted.app.services.assetSweeper.sweep(), undefined, 'nothing to sweep with');
});
