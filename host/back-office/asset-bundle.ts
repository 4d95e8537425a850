import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** One file of the built back office, held in memory with its compressed forms. */
export interface BundledAsset {
  readonly contentType: string;
  readonly raw: Buffer;
  /** Absent when compressing would not pay (binary formats, tiny files). */
  readonly gzip?: Buffer;
  readonly br?: Buffer;
  /** A strong validator of the raw bytes; the compressed forms carry it with a suffix. */
  readonly etag: string;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.txt': 'text/plain; charset=utf-8',
  '.ico': 'image/x-icon',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
};

/** Formats that shrink when compressed: text. Images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt', '.ico']);
/** Below this a compressed answer saves less than its headers cost. */
const MIN_COMPRESSED_BYTES = 512;

/**
 * Reads every file under the build folder into memory, with gzip and brotli forms made once (a
 * few hundred kilobytes in all: cheaper than compressing per request or reading the disk per
 * request). Keys are paths relative to the folder with `/` separators: only those are ever
 * served, so no request path can reach a file outside it.
 */
export async function loadAssetBundle(dir: string): Promise<Map<string, BundledAsset>> {
  const files = await readdir(dir, { recursive: true, withFileTypes: true });
  const bundle = new Map<string, BundledAsset>();
  await Promise.all(
    files
      .filter((entry) => entry.isFile())
      .map(async (entry) => {
        const path = join(entry.parentPath, entry.name);
        const key = relative(dir, path).split(sep).join('/');
        // Precompressed siblings a build tool may leave are not served as files of their own.
        if (key.endsWith('.gz') || key.endsWith('.br')) return;
        bundle.set(key, await bundled(path));
      }),
  );
  return bundle;
}

async function bundled(path: string): Promise<BundledAsset> {
  const raw = await readFile(path);
  const extension = extname(path).toLowerCase();
  const etag = `"${createHash('sha256').update(raw).digest('base64url').slice(0, 27)}"`;
  const contentType = TYPES[extension] ?? 'application/octet-stream';
  if (!COMPRESSIBLE.has(extension) || raw.length < MIN_COMPRESSED_BYTES) return { contentType, raw, etag };
  const [gz, br] = await Promise.all([
    gzipped(raw, { level: 9 }),
    brotli(raw, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
      },
    }),
  ]);
  return {
    contentType,
    raw,
    etag,
    ...(gz.length < raw.length ? { gzip: gz } : {}),
    ...(br.length < raw.length ? { br } : {}),
  };
}
