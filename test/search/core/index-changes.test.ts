import t from 'tap';
import type { ContentState } from '../../../core/model/contentlet.js';
import {
  indexChangesOf,
  mergeIndexChanges,
  slotIds,
  slotPlan,
  type ContentChangeKind,
} from '../../../core/search/index-changes.js';

const item = { identifier: 'id-1', languageId: 1 };

function state(overrides: Partial<ContentState> = {}): ContentState {
  return {
    identifier: 'id-1',
    languageId: 1,
    workingInode: 'w',
    liveInode: null,
    archived: false,
    lockedBy: null,
    lockedAt: null,
    modDate: 0,
    ...overrides,
  };
}

t.test('changes that leave the item in the language refresh its documents', async (t) => {
  const kinds: ContentChangeKind[] = ['save', 'publish', 'unpublish', 'archive', 'unarchive', 'lock', 'unlock', 'copy'];
  for (const kind of kinds) {
    t.same(indexChangesOf({ kind, ...item } as never), { refresh: [item], remove: [] }, kind);
  }
  t.same(
    indexChangesOf({ kind: 'save', identifier: 'id-1', languageId: 3 }),
    { refresh: [{ identifier: 'id-1', languageId: 3 }], remove: [] },
    'a new language version refreshes that language only',
  );
});

t.test('delete removes both slots of the language; destroy those of every language', async (t) => {
  t.same(indexChangesOf({ kind: 'delete', ...item }), { refresh: [], remove: ['id-1_1_working', 'id-1_1_live'] });
  t.same(indexChangesOf({ kind: 'destroy', identifier: 'id-1', languageIds: [1, 2] }), {
    refresh: [],
    remove: ['id-1_1_working', 'id-1_1_live', 'id-1_2_working', 'id-1_2_live'],
  });
});

t.test('merging: each item-language once; a refresh supersedes a removal of its ids', async (t) => {
  const merged = mergeIndexChanges([
    indexChangesOf({ kind: 'save', ...item }),
    indexChangesOf({ kind: 'publish', ...item }),
    indexChangesOf({ kind: 'delete', identifier: 'id-2', languageId: 1 }),
    indexChangesOf({ kind: 'delete', ...item }),
    indexChangesOf({ kind: 'save', ...item }),
  ]);
  t.same(merged, { refresh: [item], remove: ['id-2_1_working', 'id-2_1_live'] });
});

t.test('slot plan: the working version always, the live one only while it differs', async (t) => {
  t.same(
    slotPlan(item, state()),
    { build: [{ inode: 'w', slot: 'working' }], remove: ['id-1_1_live'] },
    'never published',
  );
  t.same(
    slotPlan(item, state({ liveInode: 'w' })),
    { build: [{ inode: 'w', slot: 'working' }], remove: ['id-1_1_live'] },
    'published as it is: one document answers both',
  );
  t.same(
    slotPlan(item, state({ liveInode: 'l' })),
    {
      build: [
        { inode: 'w', slot: 'working' },
        { inode: 'l', slot: 'live' },
      ],
      remove: [],
    },
    'a draft over a live version',
  );
  t.same(slotPlan(item, undefined), { build: [], remove: slotIds(item) }, 'gone: both removed');
});
