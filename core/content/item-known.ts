import { checkKnown, type KnownRule } from '../auth/known-asset.js';
import type { PermissionCheck } from '../auth/permission-service.js';
import type { ContentType } from '../model/content-type.js';
import type { ContentIdentifier } from '../model/contentlet.js';
import type { RepositorySet } from '../plugin/storage/index.js';

/**
 * `checkKnown` for a content item: the caller knows the item when it may read any version of it,
 * the live one (in any language) with the anonymous role's grants counting as in every live read.
 * Whoever may read none is answered `unknown()`, as for an id that names nothing.
 */
export async function checkItemKnown(
  tx: RepositorySet,
  check: PermissionCheck,
  item: { identifier: ContentIdentifier; type: ContentType },
  rule: Omit<KnownRule, 'seen'>,
): Promise<void> {
  const hasLive = (await tx.content.listStates(item.identifier.identifier)).some((state) => !!state.liveInode);
  const asset = { kind: 'content', identifier: item.identifier, type: item.type } as const;
  await checkKnown(check, asset, { ...rule, seen: { ...rule.options, live: rule.options?.live || hasLive } });
}
