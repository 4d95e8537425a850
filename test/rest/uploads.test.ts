import t from 'tap';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { storedAssetKey } from '../helpers/stored-asset-key.js';
import { startTestApp } from '../helpers/test-app.js';
import { createFolders } from '../helpers/folders.js';

const MEMORY_ASSETS = fileURLToPath(new URL('../fixtures/memory-assets-plugin.mjs', import.meta.url));
const upload = (name: string, text: string) =>
  `data:text/plain;name=${encodeURIComponent(name)};base64,${Buffer.from(text).toString('base64')}`;

async function fileType(s: NonNullable<Awaited<ReturnType<typeof startTestApp>>>) {
  await s.http('POST', '/api/v1/contenttype', {
    headers: s.basicAuth(),
    body: { baseType: 'FILEASSET', name: 'Documents', variable: 'Documents' },
  });
  // Files are placed in /docs, which must exist.
  await createFolders(s, 'default', ['/docs']);
}

const fire = (s: NonNullable<Awaited<ReturnType<typeof startTestApp>>>, values: Record<string, unknown>) =>
  s.http('PUT', '/api/v1/workflow/actions/default/fire/NEW', {
    headers: s.basicAuth(),
    body: { contentletFormData: { contentType: 'Documents', hostFolder: 'default:/docs', ...values } },
  });

t.test('uploads go through the asset store that assets.driver names, not to the disk', async (t) => {
  const s = (await startTestApp(t, { env: { CMS_PLUGINS: MEMORY_ASSETS, CMS_ASSETS_DRIVER: 'memory' } }))!;
  await fileType(s);
  const saved = await fire(s, { fileAsset: upload('../../notes.txt', 'hello'), fileName: 'notes.txt' });
  t.equal(saved.status, 200);
  t.match(saved.json.entity.map.fileAssetMap, { name: 'notes.txt', size: 5 });
  const files = (globalThis as { __memoryAssets?: Map<string, Buffer> }).__memoryAssets!;
  const key = await storedAssetKey(s, saved.json.entity.inode);
  t.equal(files.get(key)?.toString(), 'hello', 'the bytes are in the configured store');
  t.match(key, /^[0-9a-f-]{36}\/notes\.txt$/, 'under a key the service chose, with the sanitised name');
  t.notOk(existsSync(join(s.dataDir, 'assets')), 'nothing was written to the data directory');
});

t.test('a save that is refused leaves no file behind', async (t) => {
  const s = (await startTestApp(t))!;
  await fileType(s);
  t.equal((await fire(s, { fileAsset: upload('a.txt', 'one'), fileName: 'a.txt' })).status, 200);
  const refused = await fire(s, { fileAsset: upload('b.txt', 'two'), fileName: 'a.txt' });
  t.equal(refused.status, 409, 'the path is taken');
  const folders = readdirSync(join(s.dataDir, 'assets'));
  t.equal(folders.length, 1, 'only the saved upload remains on disk');
});
