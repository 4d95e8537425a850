import type { ContentState } from '../model/contentlet.js';
import { documentId, type DocumentSlot } from './content-document.js';

/** An item in one language: what the index keeps documents of (its working and live slots). */
export interface ItemLanguage {
  identifier: string;
  languageId: number;
}

/**
 * A change to content, as the content service makes it. Every change that leaves the item in the
 * language (a save, a new language version, publish, unpublish, archive, unarchive, lock, unlock, a
 * copy, which names the new item) refreshes its documents; `delete` removes one language and
 * `destroy` every language, which must be named: once destroyed, storage no longer lists them.
 */
export type ContentChange =
  | {
      kind: 'save' | 'publish' | 'unpublish' | 'archive' | 'unarchive' | 'lock' | 'unlock' | 'copy';
      identifier: string;
      languageId: number;
    }
  | { kind: 'delete'; identifier: string; languageId: number }
  | { kind: 'destroy'; identifier: string; languageIds: readonly number[] };

export type ContentChangeKind = ContentChange['kind'];

/** What to do to the index: item-languages whose documents to build again, and document ids to remove. */
export interface IndexChanges {
  refresh: ItemLanguage[];
  remove: string[];
}

const SLOTS: readonly DocumentSlot[] = ['working', 'live'];

/** The index changes one content change implies. */
export function indexChangesOf(change: ContentChange): IndexChanges {
  switch (change.kind) {
    case 'delete':
      return { refresh: [], remove: slotIds(change) };
    case 'destroy':
      return {
        refresh: [],
        remove: change.languageIds.flatMap((languageId) => slotIds({ identifier: change.identifier, languageId })),
      };
    default:
      return { refresh: [{ identifier: change.identifier, languageId: change.languageId }], remove: [] };
  }
}

/**
 * The changes of several content changes (the steps of one workflow fire), each item-language and
 * id once. An id both removed and refreshed is only refreshed: the refresh reads the state after the
 * changes, and removes the documents itself when the item is gone (`slotPlan`).
 */
export function mergeIndexChanges(changes: readonly IndexChanges[]): IndexChanges {
  const refresh = new Map<string, ItemLanguage>();
  const remove = new Set<string>();
  for (const change of changes) {
    for (const item of change.refresh) refresh.set(`${item.identifier}_${item.languageId}`, item);
    for (const id of change.remove) remove.add(id);
  }
  for (const item of refresh.values()) for (const id of slotIds(item)) remove.delete(id);
  return { refresh: [...refresh.values()], remove: [...remove] };
}

/** The document ids of both slots of an item-language. */
export function slotIds(item: ItemLanguage): string[] {
  return SLOTS.map((slot) => documentId(item.identifier, item.languageId, slot));
}

/** Which versions of an item-language to index, in which slot, and which slot ids to remove. */
export interface SlotPlan {
  build: Array<{ inode: string; slot: DocumentSlot }>;
  remove: string[];
}

/**
 * The documents an item-language's current state calls for: the working version in the working
 * slot; the live version in the live slot only while it differs from the working one (the working
 * document then says `live: true`); no state (deleted meanwhile): nothing, and both ids removed.
 */
export function slotPlan(item: ItemLanguage, state: ContentState | undefined): SlotPlan {
  if (!state) return { build: [], remove: slotIds(item) };
  const build: SlotPlan['build'] = [{ inode: state.workingInode, slot: 'working' }];
  const remove: string[] = [];
  if (state.liveInode !== null && state.liveInode !== state.workingInode)
    build.push({ inode: state.liveInode, slot: 'live' });
  else remove.push(documentId(item.identifier, item.languageId, 'live'));
  return { build, remove };
}
