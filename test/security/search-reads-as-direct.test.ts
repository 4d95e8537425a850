import type { Test } from 'tap';
import {
  searchReadsFixture,
  type Caller,
  type FixtureItem,
  type SearchReadsFixture,
} from '../helpers/search-reads-fixture.js';
import { testOnSqlite, type TestApp } from '../helpers/test-app.js';

// Every search entry point answers each caller exactly what that caller may read directly, version
// by version: a search must never be a way around the read rules (a signed-in user with no roles
// once got every draft from `+working:true +live:false`).

type Json = Record<string, any>;
const sorted = (values: Iterable<string>) => [...values].sort();

/** The versions (inodes) a caller may read directly, and the items by identifier, live or working. */
async function directReads(s: TestApp, caller: Caller, items: readonly FixtureItem[]) {
  const inodes = new Set<string>();
  const byIdentifier = { live: new Set<string>(), working: new Set<string>() };
  for (const item of items) {
    for (const inode of new Set([item.workingInode, item.liveInode].filter((i): i is string => i !== null)))
      if ((await s.http('GET', `/api/v1/content/${inode}`, { headers: caller.headers })).status === 200)
        inodes.add(inode);
    for (const slot of ['live', 'working'] as const) {
      const read = await s.http('GET', `/api/v1/content/${item.identifier}?live=${slot === 'live'}`, {
        headers: caller.headers,
      });
      if (read.status === 200) byIdentifier[slot].add(item.identifier);
    }
  }
  return { inodes, byIdentifier };
}

/**
 * The documents of a search slot: live versions, or working ones. Callers who are not back-end users
 * search live versions only, whatever they ask.
 */
function slotOf(caller: Caller, asked: 'live' | 'working'): 'live' | 'working' {
  return caller.backEnd ? asked : 'live';
}

const inSlot = (item: FixtureItem, slot: 'live' | 'working') => (slot === 'live' ? item.liveInode : item.workingInode);

async function checkCaller(t: Test, s: TestApp, fixture: SearchReadsFixture, caller: Caller) {
  const { items } = fixture;
  const { inodes: readable, byIdentifier } = await directReads(s, caller, items);
  /** The inodes a search of a slot must answer, of the items `keep` keeps. */
  const expected = (slot: 'live' | 'working', keep: (item: FixtureItem) => boolean = () => true) =>
    sorted(
      items
        .filter(keep)
        .map((item) => inSlot(item, slot))
        .filter((inode): inode is string => inode !== null && readable.has(inode)),
    );
  const identifiersOf = (inodes: readonly string[]) =>
    sorted(
      items
        .filter((i) => inodes.includes(i.workingInode) || inodes.includes(i.liveInode ?? ''))
        .map((i) => i.identifier),
    );

  const engineBody = {
    query: { bool: { must: [{ term: { contenttype: 'leak' } }] } },
    size: 100,
    aggs: { ids: { terms: { field: 'identifier', size: 100 } } },
  };
  for (const asked of ['live', 'working'] as const) {
    const slot = slotOf(caller, asked);
    const want = expected(slot);
    const query = asked === 'live' ? '' : '?live=false';
    const search = await s.http('POST', `/api/es/search${query}`, { headers: caller.headers, body: engineBody });
    t.equal(search.status, 200, `answered ${search.text.slice(0, 200)}`);
    t.strictSame(sorted(search.json.contentlets.map((c: Json) => c.inode)), want, `es/search, ${asked}: contentlets`);
    const engine = search.json.esresponse[0];
    t.strictSame(sorted(engine.hits.hits.map((h: Json) => h._source.inode)), want, `es/search, ${asked}: hits`);
    t.equal(engine.hits.total.value, want.length, `es/search, ${asked}: total`);

    const raw = await s.http('POST', `/api/es/raw${query}`, { headers: caller.headers, body: engineBody });
    t.equal(raw.status, 200, `answered ${raw.text.slice(0, 200)}`);
    t.strictSame(sorted(raw.json.hits.hits.map((h: Json) => h._source.inode)), want, `es/raw, ${asked}: hits`);
    t.equal(raw.json.hits.total.value, want.length, `es/raw, ${asked}: total`);
    const buckets = raw.json.aggregations.ids.buckets as Json[];
    t.strictSame(sorted(buckets.map((b) => b.key)), identifiersOf(want), `es/raw, ${asked}: aggregation keys`);
    t.equal(
      buckets.reduce((n, b) => n + b.doc_count, 0),
      want.length,
      `es/raw, ${asked}: aggregation counts`,
    );

    // Suggestions: each version's word, misspelled; the options may only be words of readable versions.
    const suggest = await s.http('POST', `/api/es/raw${query}`, {
      headers: caller.headers,
      body: {
        size: 0,
        suggest: {
          words: {
            text: items.flatMap((i) => [...i.words.values()].map((w) => `${w.slice(0, -1)}x`)).join(' '),
            term: { field: 'leak.title', size: 5 },
          },
        },
      },
    });
    t.equal(suggest.status, 200, `answered ${suggest.text.slice(0, 200)}`);
    const options = new Set<string>(
      suggest.json.suggest.words.flatMap((e: Json) => e.options.map((o: Json) => o.text)),
    );
    const words = items.flatMap((i) =>
      inSlot(i, slot) && readable.has(inSlot(i, slot)!) ? [i.words.get(inSlot(i, slot)!)!] : [],
    );
    t.strictSame(sorted(options), sorted(words), `es/raw, ${asked}: suggestions`);

    // Related content: the hub relates every item; those drawn are those read directly.
    const hub = await s.http('POST', `/api/es/search${query}&depth=1`.replace(/^([^?]*)&/, '$1?'), {
      headers: caller.headers,
      body: { query: { term: { identifier: fixture.hub } } },
    });
    t.equal(hub.status, 200, `answered ${hub.text.slice(0, 200)}`);
    t.strictSame(
      sorted(hub.json.contentlets[0].items.map((r: Json) => r.identifier)),
      sorted(byIdentifier[slotOf(caller, asked)]),
      `es/search, ${asked}: related content`,
    );
  }

  const notArchived = (item: FixtureItem) => !item.archived;
  const contentSearch = async (lucene: string) => {
    const answer = await s.http('POST', '/api/content/_search', {
      headers: caller.headers,
      body: { query: `+contentType:Leak ${lucene}`, limit: 100 },
    });
    t.equal(answer.status, 200, `answered ${answer.text.slice(0, 200)}`);
    const inodes = sorted(answer.json.entity.jsonObjectView.contentlets.map((c: Json) => c.inode));
    t.equal(answer.json.entity.resultsSize, inodes.length, `_search ${lucene}: resultsSize`);
    return inodes;
  };
  t.strictSame(await contentSearch(''), expected('live', notArchived), '_search: live versions by default');
  t.strictSame(await contentSearch('+live:true'), expected('live', notArchived), '_search +live:true');
  const workingOnly = caller.backEnd
    ? expected('working', (i) => notArchived(i) && i.workingInode !== i.liveInode)
    : [];
  t.strictSame(await contentSearch('+working:true +live:false'), workingOnly, '_search +working:true +live:false');
  t.strictSame(await contentSearch('+live:false'), workingOnly, '_search +live:false');
  const working = caller.backEnd
    ? expected('working', notArchived)
    : expected('live', (i) => notArchived(i) && i.workingInode === i.liveInode);
  t.strictSame(await contentSearch('+working:true'), working, '_search +working:true');
  const related = await s.http('POST', '/api/content/_search', {
    headers: caller.headers,
    body: { query: '+contentType:Hub', depth: 1 },
  });
  t.strictSame(
    sorted(related.json.entity.jsonObjectView.contentlets[0].items.map((r: Json) => r.identifier)),
    sorted(byIdentifier.live),
    '_search: related content',
  );

  // Navigation: the pages on the menus are those the caller may read (live, as every page shown).
  const nav = await s.http('GET', '/api/v1/nav/?depth=3', { headers: caller.headers });
  t.equal(nav.status, 200, `answered ${nav.text.slice(0, 200)}`);
  const hrefs: string[] = [];
  const walk = (node: Json) => {
    if (node.type === 'htmlpage') hrefs.push(node.href);
    for (const child of node.children ?? []) walk(child);
  };
  walk(nav.json.entity);
  const pagesRead: string[] = [];
  for (const [path, identifier] of fixture.pages) {
    const read = await s.http('GET', `/api/v1/content/${identifier}?live=true`, { headers: caller.headers });
    if (read.status === 200) pagesRead.push(path);
  }
  t.strictSame(sorted(hrefs), sorted(pagesRead), 'navigation: the pages read directly');

  // PATCH by query fires on the working versions it matches (UNARCHIVE: refused for each, so
  // nothing changes); they are those the caller may search.
  const patched = await s.http('PATCH', '/api/v1/workflow/actions/default/fire/UNARCHIVE', {
    headers: caller.headers,
    body: { query: '+contentType:Leak', contentletFormData: {} },
  });
  if (caller.anonymous) t.equal(patched.status, 401, 'PATCH by query needs a signed-in caller');
  else {
    t.equal(patched.status, 200, `answered ${patched.text.slice(0, 200)}`);
    t.equal(patched.json.entity.summary.successCount, 0, 'PATCH by query: nothing fired');
    t.strictSame(
      sorted(patched.json.entity.results.map((r: Json) => Object.keys(r)[0])),
      identifiersOf(working),
      'PATCH by query: the items matched',
    );
  }
}

testOnSqlite(
  'every search entry point answers what the caller may read directly',
  async (t, s) => {
    const fixture = await searchReadsFixture(s);
    for (const caller of fixture.callers) await t.test(caller.name, (t) => checkCaller(t, s, fixture, caller));

    // A relationship given as a Lucene query relates what the caller may search, no more.
    const owner = fixture.owner;
    const { inodes } = await directReads(s, owner, fixture.items);
    const made = await s.http('PUT', '/api/v1/workflow/actions/default/fire/NEW', {
      headers: owner.headers,
      body: {
        contentletFormData: {
          contentType: 'Hub',
          hostFolder: 'default:/mine',
          title: 'by query',
          items: '+contentType:Leak +Leak.title:leakcheck',
        },
      },
    });
    t.equal(made.status, 200, `answered ${made.text.slice(0, 200)}`);
    t.strictSame(
      sorted(made.json.entity.map.items ?? []),
      sorted(fixture.items.filter((i) => inodes.has(i.workingInode)).map((i) => i.identifier)),
      'a relationship query relates the working versions the caller may read',
    );
  },
  { env: { CONTENT_APIS_ALLOW_ANONYMOUS: 'READ' } },
);
