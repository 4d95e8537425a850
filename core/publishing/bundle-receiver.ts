import { createHash, timingSafeEqual } from 'node:crypto';
import type { ContentService } from '../content/content-service.js';
import type { ContentTypeService } from '../content/content-type-service.js';
import { CmsError, Errors } from '../errors/index.js';
import type { Storage } from '../plugin/storage/index.js';
import type { Bundle } from './bundle.js';

/** Who received versions are saved as: the receiving instance has no account of the sender's users. */
export const PUSH_RECEIVER_USER = 'system';

export interface ReceivedBundle {
  bundleId: string;
  identifier: string;
  operation: Bundle['operation'];
  /** The languages now live (publish) or no longer live (unpublish). */
  languages: number[];
  contentTypeCreated: boolean;
}

/**
 * The receiving side of push publishing: checks the sender's key against the stored hash, then
 * applies a bundle in one transaction through the content services, so it is all or nothing and
 * renews caches, search documents and navigation as any save does.
 */
export class BundleReceiver {
  private readonly keyHash: Buffer | null;

  private readonly deps: { storage: Storage; content: ContentService; contentTypes: ContentTypeService };

  constructor(options: {
    storage: Storage;
    content: ContentService;
    contentTypes: ContentTypeService;
    /** Hex SHA-256 of the key senders present; empty refuses every bundle. */
    keyHash: string;
  }) {
    this.deps = options;
    const keyHash = options.keyHash;
    this.keyHash = /^[0-9a-f]{64}$/i.test(keyHash) ? Buffer.from(keyHash, 'hex') : null;
  }

  /** `authorization` is the request's header; throws unless it is `Bearer <key>` with the accepted key. */
  authenticate(authorization: string | undefined): void {
    const presented = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
    // Compared as digests, in constant time: neither the key's length nor its prefix leaks.
    const digest = createHash('sha256')
      .update(presented ?? '')
      .digest();
    if (!this.keyHash || !presented || !timingSafeEqual(digest, this.keyHash))
      throw new CmsError(Errors.PUSH_RECEIVER_KEY_INVALID);
  }

  apply(bundle: Bundle): Promise<ReceivedBundle> {
    const { storage, content, contentTypes } = this.deps;
    const { identifier } = bundle;
    return storage.transaction(async (tx) => {
      let contentTypeCreated = false;
      if (bundle.operation === 'publish' && !(await tx.contentTypes.findByVariable(bundle.contentType.variable))) {
        await contentTypes.create(bundle.contentType, PUSH_RECEIVER_USER, tx);
        contentTypeCreated = true;
      }
      const live = (await tx.content.listStates(identifier)).filter((s) => s.liveInode);
      const languages: number[] = [];
      for (const version of bundle.versions) {
        await content.saveWorkingVersion(
          tx,
          {
            contentType: bundle.contentType.variable,
            identifier,
            languageId: version.languageId,
            values: version.values,
          },
          { userId: PUSH_RECEIVER_USER, replaceAll: true, createWithIdentifier: true },
        );
        await content.publish(tx, identifier, version.languageId);
        languages.push(version.languageId);
      }
      // A language live here but not in the bundle is no longer live on the sender.
      const unpublished: number[] = [];
      for (const state of live) {
        if (languages.includes(state.languageId)) continue;
        await content.unpublish(tx, identifier, state.languageId);
        unpublished.push(state.languageId);
      }
      return {
        bundleId: bundle.bundleId,
        identifier,
        operation: bundle.operation,
        languages: bundle.operation === 'publish' ? languages : unpublished,
        contentTypeCreated,
      };
    });
  }
}
