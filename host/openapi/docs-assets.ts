import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { DOCS_INDEX_HTML, DOCS_INITIALIZER_JS, INITIALIZER_FILE } from './docs-page.js';

const gzipAsync = promisify(gzip);

/** A file of the docs page, as it is answered. */
export interface DocsAsset {
  type: string;
  bytes: Buffer;
  /** Only for types worth compressing. */
  gzip: Buffer | undefined;
  etag: string;
  /** Files of the Swagger UI package change only with its version; our own page is revalidated. */
  immutableForADay: boolean;
}

/** The only files of the package served, with their types: nothing else of it is reachable. */
const PACKAGE_FILES: Readonly<Record<string, string>> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'text/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
};

export const INDEX_FILE = 'index.html';

/**
 * The docs page's files: our index and initializer, and an allow-list of the Swagger UI package's
 * files, read from the installed package (`swagger-ui-dist`) on first use and kept, gzipped once.
 */
export class DocsAssets {
  private readonly folder: string;
  private readonly version: string;
  private readonly loaded = new Map<string, Promise<DocsAsset>>();

  constructor() {
    const manifest = createRequire(import.meta.url).resolve('swagger-ui-dist/package.json');
    this.folder = dirname(manifest);
    this.version = (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
  }

  /** The names served; anything else is not found. */
  static has(name: string): boolean {
    return name === INDEX_FILE || name === INITIALIZER_FILE || Object.hasOwn(PACKAGE_FILES, name);
  }

  get(name: string): Promise<DocsAsset> | undefined {
    if (!DocsAssets.has(name)) return undefined;
    let asset = this.loaded.get(name);
    if (!asset) {
      asset = this.load(name);
      // A failed read is tried again on the next request rather than kept.
      asset.catch(() => this.loaded.delete(name));
      this.loaded.set(name, asset);
    }
    return asset;
  }

  private async load(name: string): Promise<DocsAsset> {
    const own = name === INDEX_FILE ? DOCS_INDEX_HTML : name === INITIALIZER_FILE ? DOCS_INITIALIZER_JS : undefined;
    const type =
      name === INDEX_FILE
        ? 'text/html; charset=utf-8'
        : name === INITIALIZER_FILE
          ? 'text/javascript; charset=utf-8'
          : PACKAGE_FILES[name]!;
    const bytes = own !== undefined ? Buffer.from(own) : await readFile(join(this.folder, name));
    const digest = createHash('sha256').update(bytes).digest('base64url').slice(0, 16);
    return {
      type,
      bytes,
      gzip: type.startsWith('text/') ? await gzipAsync(bytes) : undefined,
      etag: own !== undefined ? `"${digest}"` : `"swagger-ui-${this.version}-${digest}"`,
      immutableForADay: own === undefined,
    };
  }
}
