import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** Where multipart uploads are spooled, relative to the data directory. */
const UPLOAD_TEMP_DIR = join('tmp', 'uploads');

/**
 * The directory of spooled uploads, emptied at start: files of requests that were in progress when
 * the service last stopped belong to nobody any more. Under the data directory, so that a spooled
 * file and the asset store are usually on one file system and storing it is a local copy.
 */
export function prepareUploadTempDir(dataDir: string): string {
  const dir = join(dataDir, UPLOAD_TEMP_DIR);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}
