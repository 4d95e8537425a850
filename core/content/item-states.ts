import type { ContentState } from '../model/contentlet.js';

/**
 * What a content answer needs of an item's states (every language's), read once and shared by the
 * requests that asked for them together: a key equal for equal states, and whether any is live.
 */
export interface ItemStates {
  /** Every column of every state, in language order. */
  key: string;
  /** How many languages the item has: 0 when the identifier names no item. */
  count: number;
  /** Whether any language has a live version. */
  hasLive: boolean;
}

export function itemStates(states: readonly ContentState[]): ItemStates {
  const key = JSON.stringify(
    [...states]
      .sort((a, b) => a.languageId - b.languageId)
      .map((s) => {
        // Every column by name: a column added to the states fails to compile here until it is keyed too.
        const columns: Record<keyof ContentState, unknown> = {
          identifier: s.identifier,
          languageId: s.languageId,
          workingInode: s.workingInode,
          liveInode: s.liveInode,
          archived: Boolean(s.archived),
          lockedBy: s.lockedBy,
          lockedAt: s.lockedAt,
          modDate: s.modDate,
        };
        return Object.values(columns);
      }),
  );
  return { key, count: states.length, hasLive: states.some((s) => !!s.liveInode) };
}
