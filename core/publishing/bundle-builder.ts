import { BASE_TYPE_FIELDS } from '../content/base-type-fields.js';
import { CmsError, Errors } from '../errors/index.js';
import type { ContentType } from '../model/content-type.js';
import type { Field } from '../model/field.js';
import type { AssetStorage } from '../plugin/asset-storage.js';
import { assetKeyOf, isStoredAsset } from '../model/stored-asset.js';
import { canonicalFieldClassName } from '../plugin/field-type.js';
import type { Repositories } from '../plugin/storage/index.js';
import { fieldInputOf, ownFields, type Bundle, type BundleVersion } from './bundle.js';

const BINARY_CLASS = canonicalFieldClassName('BinaryField');

/**
 * Builds the bundle of an item as it is now: its live version in every language, binaries read
 * from asset storage. An item with no live version is pushed as an unpublish.
 */
export class BundleBuilder {
  private readonly assets: AssetStorage;
  private readonly maxBinaryBytes: number;

  constructor(options: { assets: AssetStorage; maxBinaryBytes: number }) {
    this.assets = options.assets;
    this.maxBinaryBytes = options.maxBinaryBytes;
  }

  async build(tx: Repositories, identifier: string, bundleId: string): Promise<Bundle> {
    const ident = await tx.content.findIdentifier(identifier);
    if (!ident) throw new CmsError(Errors.CONTENT_NOT_FOUND, { identifier });
    const type = await tx.contentTypes.findById(ident.contentTypeId);
    if (!type) throw new CmsError(Errors.CONTENT_NOT_FOUND, { identifier });
    const fields = await tx.fields.listByType(type.id);
    const versions: BundleVersion[] = [];
    for (const state of await tx.content.listStates(identifier)) {
      if (!state.liveInode || state.archived) continue;
      const version = await tx.content.findVersion(state.liveInode);
      if (version)
        versions.push({ languageId: state.languageId, values: await this.withBinaries(fields, version.values) });
    }
    return {
      bundleId,
      identifier,
      operation: versions.length > 0 ? 'publish' : 'unpublish',
      contentType: this.contentTypeOf(type, fields),
      versions,
    };
  }

  private contentTypeOf(type: ContentType, fields: Field[]): Bundle['contentType'] {
    const implicit = new Set((BASE_TYPE_FIELDS[type.baseType] ?? []).map((f) => f.variable ?? ''));
    return {
      variable: type.variable,
      name: type.name,
      clazz: type.clazz,
      description: type.description,
      icon: type.icon,
      fields: ownFields(fields, implicit).map(fieldInputOf),
    };
  }

  /** Binary values become `data:` URLs, which the receiver's Binary field type takes as uploads. */
  private async withBinaries(fields: Field[], values: Record<string, unknown>): Promise<Record<string, unknown>> {
    const out = { ...values };
    for (const field of fields) {
      const stored = values[field.variable];
      if (field.clazz !== BINARY_CLASS || !isStoredAsset(stored)) continue;
      const bytes = await this.read(assetKeyOf(stored.path));
      const name = encodeURIComponent(stored.name);
      out[field.variable] = `data:application/octet-stream;name=${name};base64,${bytes.toString('base64')}`;
    }
    return out;
  }

  private async read(key: string): Promise<Buffer> {
    const file = await this.assets.open(key);
    if (!file) throw new Error(`binary ${key} is missing from asset storage`);
    if (file.size > this.maxBinaryBytes) {
      file.stream.destroy();
      throw new Error(`binary ${key} is larger than the bundle allows`);
    }
    const chunks: Buffer[] = [];
    for await (const chunk of file.stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }
}
