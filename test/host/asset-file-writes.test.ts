import t from 'tap';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { AssetStorage } from '../../core/plugin/asset-storage.js';
import { withFileWrites } from '../../host/asset-file-writes.js';
import { tempDataDir } from '../helpers/test-app.js';

/** A store written before `writeFile` existed, as a class with private members. */
class OlderStore implements AssetStorage {
  readonly #files = new Map<string, Buffer>();
  async write(key: string, content: Buffer) {
    this.#files.set(key, Buffer.from(content));
    return { size: content.length };
  }
  async stat(key: string) {
    const found = this.#files.get(key);
    return found && { size: found.length };
  }
  async open(key: string) {
    const found = this.#files.get(key);
    return found && { size: found.length, stream: Readable.from([found]) };
  }
  async delete(key: string) {
    this.#files.delete(key);
  }
}

t.test('a store without writeFile gets one that reads the file and calls write', async (t) => {
  const source = join(tempDataDir(t), 'upload.bin');
  writeFileSync(source, 'spooled bytes');
  const store = withFileWrites(new OlderStore());
  t.same(await store.writeFile!('k/upload.bin', source), { size: 13 });
  t.same(await store.stat('k/upload.bin'), { size: 13 }, 'its own methods still reach its private members');
  t.equal(store.list, undefined, 'what it lacks it still lacks');
});

t.test('a store with writeFile is used as it is', async (t) => {
  const own: AssetStorage = Object.assign(new OlderStore(), { writeFile: async () => ({ size: 1 }) });
  t.equal(withFileWrites(own), own);
});
