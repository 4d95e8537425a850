import { randomUUID } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

/** Where multipart uploads are spooled, relative to the data directory. */
const UPLOAD_TEMP_DIR = join('tmp', 'uploads');

/**
 * The directory this process spools multipart uploads to: `<data dir>/tmp/uploads/<host>-<pid>-<random>`
 * under the data directory so that a spooled file and the asset store are usually on one file
 * system and storing it is a local copy.
 *
 * Several processes may share a data directory, so each has a directory of its own, and at start
 * only what nobody uses any more is removed: the directories of processes of this host that no
 * longer run (a crash's leftovers). Those of other hosts sharing the directory are theirs to sweep
 * when they start again.
 */
export function prepareUploadTempDir(dataDir: string): string {
  const root = join(dataDir, UPLOAD_TEMP_DIR);
  mkdirSync(root, { recursive: true });
  const host = hostname().replace(/[^A-Za-z0-9.-]/g, '_');
  for (const entry of readdirSync(root)) {
    const owner = /^(.+)-(\d+)-[0-9a-f]{8}$/.exec(entry);
    if (owner?.[1] === host && !isRunning(Number(owner[2])))
      rmSync(join(root, entry), { recursive: true, force: true });
  }
  // Random too: several apps of one process (tests, tools) may share a data directory.
  const own = join(root, `${host}-${process.pid}-${randomUUID().slice(0, 8)}`);
  mkdirSync(own);
  return own;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // Running, but another user's: not ours to judge.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
