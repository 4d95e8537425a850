import { checkKnown, type KnownRule } from '../auth/known-asset.js';
import type { PermissionCheck } from '../auth/permission-service.js';
import type { ContentType } from '../model/content-type.js';
import type { ContentIdentifier } from '../model/contentlet.js';
import type { RepositorySet } from '../plugin/storage/index.js';

type ItemRule = Omit<KnownRule, 'seen'>;

/**
 * `checkKnown` for a content item: the caller knows the item when it may read any version of it,
 * the live one (in any language) with the anonymous role's grants counting as in every live read.
 * Whoever may read none is answered `unknown()`, as for an id that names nothing.
 */
export async function checkItemKnown(
  tx: RepositorySet,
  check: PermissionCheck,
  item: { identifier: ContentIdentifier; type: ContentType },
  rule: ItemRule,
): Promise<void> {
  const hasLive = (await tx.content.listStates(item.identifier.identifier)).some((state) => !!state.liveInode);
  await checkItemKnownWith(check, { ...item, hasLive }, rule);
}

/** The same, for a caller that has read the item's states already: `hasLive`, a live version in any language. */
export async function checkItemKnownWith(
  check: PermissionCheck,
  item: { identifier: ContentIdentifier; type: ContentType; hasLive: boolean },
  rule: ItemRule,
): Promise<void> {
  const asset = { kind: 'content', identifier: item.identifier, type: item.type } as const;
  await checkKnown(check, asset, { ...rule, seen: { ...rule.options, live: rule.options?.live || item.hasLive } });
}
