import t from 'tap';
import { CmsError } from '../../../core/errors/cms-error.js';
import { Errors } from '../../../core/errors/index.js';
import { parseLuceneQuery } from '../../../core/search/lucene-query.js';
import { preprocessLucene } from '../../../core/search/lucene-preprocess.js';
import { parseSortSpec } from '../../../core/search/sort-spec.js';

const q = parseLuceneQuery;
const match = (field: string, query: string) => ({ match: { [field]: { query } } });
const term = (field: string, value: string) => ({ term: { [field]: { value } } });
const all = (query: string) => match('catchall', query);

/** The message of the SEARCH_QUERY_INVALID error `query` throws. */
function invalidReason(query: string): string {
  try {
    parseLuceneQuery(query);
  } catch (error) {
    if (error instanceof CmsError && error.entry === Errors.SEARCH_QUERY_INVALID) return error.message;
    throw error;
  }
  throw new Error(`"${query}" was accepted`);
}

t.test('the queries the JavaScript client builds, verbatim', async (t) => {
  t.same(q('+contentType:Blog +languageId:1 +live:true'), {
    bool: { must: [term('contenttype', 'blog'), term('languageid', '1'), term('live', 'true')] },
  });
  t.same(q("+contentType:Blog +Blog.title:'Hello World' +languageId:1 +live:true"), {
    bool: {
      must: [
        term('contenttype', 'blog'),
        { match_phrase: { 'blog.title': { query: 'hello world' } } },
        term('languageid', '1'),
        term('live', 'true'),
      ],
    },
  });
  t.same(q('+contentType:Blog +Blog.title:x*'), {
    bool: { must: [term('contenttype', 'blog'), { prefix: { 'blog.title': { value: 'x' } } }] },
  });
  t.same(q('+contentType:Blog +conhost:SYSTEM_HOST +variant:DEFAULT +working:true +deleted:false'), {
    bool: {
      must: [
        term('contenttype', 'blog'),
        term('conhost', 'system_host'),
        term('variant', 'default'),
        term('working', 'true'),
        term('deleted', 'false'),
      ],
    },
  });
  t.same(q("+contentType:Blog +(Blog.title:'Hello' OR Blog.title:'Bye') -Blog.tags:draft"), {
    bool: {
      must: [
        term('contenttype', 'blog'),
        {
          bool: {
            should: [
              { match_phrase: { 'blog.title': { query: 'hello' } } },
              { match_phrase: { 'blog.title': { query: 'bye' } } },
            ],
          },
        },
      ],
      must_not: [match('blog.tags', 'draft')],
    },
  });
  t.same(q('+contentType:Blog AND NOT Blog.author:john'), {
    bool: { must: [term('contenttype', 'blog')], must_not: [match('blog.author', 'john')] },
  });
});

t.test('field names are lower-cased and aliased; a term without one searches catchall', async (t) => {
  t.same(q('ContentType:News'), term('contenttype', 'news'));
  t.same(q('structureName:News'), term('contenttype', 'news'), 'the old name of the content type');
  t.same(q('MODDATE:[1 TO 2]'), { range: { moddate: { gte: '1', lte: '2' } } });
  t.same(q('Blog.Title:Hi'), match('blog.title', 'hi'));
  t.same(q('hello'), all('hello'));
  t.same(q('"hello world"'), { match_phrase: { catchall: { query: 'hello world' } } });
  t.same(q('title_dotraw:Hello'), term('title_dotraw', 'hello'), 'raw copies are exact');
});

t.test('values: match on text, term on exact fields, phrases, wildcards, prefixes, exists, match_all', async (t) => {
  t.same(q('title:Hello'), match('title', 'hello'));
  t.same(q('identifier:ABC-123'), term('identifier', 'abc-123'));
  t.same(q('contentType:"Blog"'), term('contenttype', 'blog'), 'a quoted value on an exact field is one term');
  t.same(q('title:"Hello World"'), { match_phrase: { title: { query: 'hello world' } } });
  t.same(q('title:"a b"~3'), { match_phrase: { title: { query: 'a b', slop: 3 } } });
  t.same(q('title:he*o'), { wildcard: { title: { value: 'he*o' } } });
  t.same(q('title:te?t'), { wildcard: { title: { value: 'te?t' } } });
  t.same(q('title:*ello'), { wildcard: { title: { value: '*ello' } } }, 'a leading * is not a prefix');
  t.same(q('title:a*b*'), { wildcard: { title: { value: 'a*b*' } } });
  t.same(q('inode:AB*'), { prefix: { inode: { value: 'ab' } } });
  t.same(q('title:*'), { exists: { field: 'title' } });
  t.same(q('_exists_:Title'), { exists: { field: 'title' } });
  t.same(q('*'), { match_all: {} });
  t.same(q('*:*'), { match_all: {} });
  t.same(q('title:"x*"'), { match_phrase: { title: { query: 'x*' } } }, 'no wildcards in phrases');
  t.same(q('languageId:1'), term('languageid', '1'), 'numbers stay strings');
});

t.test('ranges: [] includes, {} excludes, * leaves an end open', async (t) => {
  t.same(q('moddate:[20200101 TO 20201231]'), { range: { moddate: { gte: '20200101', lte: '20201231' } } });
  t.same(q('moddate:{20200101 TO 20201231}'), { range: { moddate: { gt: '20200101', lt: '20201231' } } });
  t.same(q('n:[1 TO 5}'), { range: { n: { gte: '1', lt: '5' } } });
  t.same(q('n:{1 TO 5]'), { range: { n: { gt: '1', lte: '5' } } });
  t.same(q('n:[1 TO *]'), { range: { n: { gte: '1' } } });
  t.same(q('n:{* TO 5}'), { range: { n: { lt: '5' } } });
  t.same(q('n:[* TO *]'), { exists: { field: 'n' } });
  t.same(q('title:[A TO M]'), { range: { title: { gte: 'a', lte: 'm' } } });
  t.same(
    q('moddate:[2020-01-01T00:00:00Z TO NOW]'),
    { range: { moddate: { gte: '2020-01-01T00:00:00Z', lte: 'now' } } },
    'dates keep their case',
  );
  t.same(q('moddate:([1 TO 2] OR {5 TO 6})'), {
    bool: { should: [{ range: { moddate: { gte: '1', lte: '2' } } }, { range: { moddate: { gt: '5', lt: '6' } } }] },
  });
});

t.test('operators combine as the classic Lucene parser (default OR)', async (t) => {
  t.same(q('a b'), { bool: { should: [all('a'), all('b')] } });
  t.same(q('a OR b'), { bool: { should: [all('a'), all('b')] } });
  t.same(q('a || b'), { bool: { should: [all('a'), all('b')] } });
  t.same(q('a AND b'), { bool: { must: [all('a'), all('b')] } });
  t.same(q('a && b'), { bool: { must: [all('a'), all('b')] } });
  t.same(q('a AND b OR c'), { bool: { must: [all('a'), all('b')], should: [all('c')] } });
  t.same(q('a OR b AND c'), { bool: { should: [all('a')], must: [all('b'), all('c')] } });
  t.same(q('+a b'), { bool: { must: [all('a')], should: [all('b')] } }, 'beside +, a plain clause only scores');
  t.same(q('+a -b c'), { bool: { must: [all('a')], must_not: [all('b')], should: [all('c')] } });
  t.same(q('!a b'), { bool: { must_not: [all('a')], should: [all('b')] } });
  t.same(q('NOT a'), { bool: { must_not: [all('a')] } });
  t.same(q('a NOT b'), { bool: { should: [all('a')], must_not: [all('b')] } });
  t.same(q('a AND NOT b'), { bool: { must: [all('a')], must_not: [all('b')] } });
  t.same(q('a OR NOT b'), { bool: { should: [all('a')], must_not: [all('b')] } });
  t.same(q('-a AND b'), { bool: { must_not: [all('a')], must: [all('b')] } }, 'AND leaves a prohibited clause so');
  t.same(q('a AND -b'), { bool: { must: [all('a')], must_not: [all('b')] } });
  t.same(q('a^2 title:b^0.5'), {
    bool: {
      should: [{ match: { catchall: { query: 'a', boost: 2 } } }, { match: { title: { query: 'b', boost: 0.5 } } }],
    },
  });
  t.same(q('contentType:blog^3'), { term: { contenttype: { value: 'blog', boost: 3 } } });
  t.same(q('"a b"^2'), { match_phrase: { catchall: { query: 'a b', boost: 2 } } });
});

t.test('groups, nested groups and field groups', async (t) => {
  t.same(q('(a OR b) AND c'), { bool: { must: [{ bool: { should: [all('a'), all('b')] } }, all('c')] } });
  t.same(q('a AND (b OR (c AND d))'), {
    bool: {
      must: [all('a'), { bool: { should: [all('b'), { bool: { must: [all('c'), all('d')] } }] } }],
    },
  });
  t.same(q('((a))'), all('a'));
  t.same(q('a OR (b c) d'), { bool: { should: [all('a'), { bool: { should: [all('b'), all('c')] } }, all('d')] } });
  t.same(q('title:(a OR b)'), { bool: { should: [match('title', 'a'), match('title', 'b')] } });
  t.same(q('contentType:(Blog OR News)'), {
    bool: { should: [term('contenttype', 'blog'), term('contenttype', 'news')] },
  });
  t.same(q('title:(a body:b)'), { bool: { should: [match('title', 'a'), match('body', 'b')] } }, 'a named field wins');
  t.same(q('-title:(a b) c'), {
    bool: { must_not: [{ bool: { should: [match('title', 'a'), match('title', 'b')] } }], should: [all('c')] },
  });
  t.same(q('+(a b)'), { bool: { should: [all('a'), all('b')] } }, 'a lone required group is the group');
  t.same(q('a -(b c)'), { bool: { should: [all('a')], must_not: [{ bool: { should: [all('b'), all('c')] } }] } });
  t.same(q('!(a b) c'), { bool: { must_not: [{ bool: { should: [all('a'), all('b')] } }], should: [all('c')] } });
  t.same(q('a AND NOT (b OR c)'), {
    bool: { must: [all('a')], must_not: [{ bool: { should: [all('b'), all('c')] } }] },
  });
  t.same(q('-moddate:[1 TO 2] a'), {
    bool: { must_not: [{ range: { moddate: { gte: '1', lte: '2' } } }], should: [all('a')] },
  });
  t.same(q('a +"x y"'), { bool: { should: [all('a')], must: [{ match_phrase: { catchall: { query: 'x y' } } }] } });
  t.same(q('a AND (NOT b)'), { bool: { must: [all('a'), { bool: { must_not: [all('b')] } }] } });
});

t.test('escapes', async (t) => {
  t.same(q('a\\:b'), all('a:b'));
  t.same(q('title:foo\\ bar'), match('title', 'foo bar'));
  t.same(q('title:a\\*'), match('title', 'a*'), 'an escaped * is no wildcard');
  t.same(q('title:a\\*b*'), { prefix: { title: { value: 'a*b' } } }, 'a prefix holds the literal *');
  t.same(
    q('title:a\\*b?'),
    { wildcard: { title: { value: 'a\\*b?' } } },
    'escaped wildcards stay escaped in a pattern',
  );
  t.same(q('path:\\/home\\/x'), term('path', '/home/x'));
  t.same(q('title:"say \\"hi\\""'), { match_phrase: { title: { query: 'say "hi"' } } });
  t.same(q('url\\.map:x'), match('url.map', 'x'), 'escapes in field names');
});

t.test('single-quoted phrases are read safely', async (t) => {
  t.same(q("title:'Hello World'"), { match_phrase: { title: { query: 'hello world' } } });
  t.same(q('title:\'say "hi"\''), { match_phrase: { title: { query: 'say "hi"' } } }, 'double quotes inside');
  t.same(q("title:'Tumblr's app'"), { match_phrase: { title: { query: "tumblr's app" } } }, 'an apostrophe inside');
  t.same(q("title:'it\\'s'"), { match_phrase: { title: { query: "it's" } } }, 'an escaped quote inside');
  t.same(q("name:O'Brien"), match('name', "o'brien"), 'an apostrophe in a word is a character');
  t.same(
    q('title:"don\'t stop"'),
    { match_phrase: { title: { query: "don't stop" } } },
    'inside a double-quoted phrase',
  );
  t.same(q("+title:'a b'^2 -'c d'"), {
    bool: {
      must: [{ match_phrase: { title: { query: 'a b', boost: 2 } } }],
      must_not: [{ match_phrase: { catchall: { query: 'c d' } } }],
    },
  });
  t.same(q("title:'unclosed"), match('title', "'unclosed"), 'no closing quote: a plain character');
  t.same(preprocessLucene("t:'a\"b'").text, 't:"a\\"b"');
});

t.test('an empty query matches everything', async (t) => {
  t.same(q(''), { match_all: {} });
  t.same(q('   '), { match_all: {} });
});

t.test('malformed queries throw SEARCH_QUERY_INVALID naming what and where', async (t) => {
  t.equal(invalidReason('(a'), 'Invalid Lucene query: unexpected end of query at column 3');
  t.equal(invalidReason('a )'), 'Invalid Lucene query: unexpected ")" at column 3');
  t.equal(invalidReason('a:b:c'), 'Invalid Lucene query: unexpected ":" at column 4');
  t.equal(invalidReason('title:'), 'Invalid Lucene query: unexpected end of query at column 7');
  t.equal(invalidReason('"unterminated'), 'Invalid Lucene query: unexpected end of query at column 14');
  t.equal(invalidReason('x:[1 TO]'), 'Invalid Lucene query: unexpected "]" at column 8');
  t.equal(invalidReason("t:'it''s' )"), 'Invalid Lucene query: unexpected ")" at column 11', 'columns of the input');
  t.equal(invalidReason('+(a) )'), 'Invalid Lucene query: unexpected ")" at column 6', 'columns of the input');
  t.equal(invalidReason('a\nb c)'), 'Invalid Lucene query: unexpected ")" at line 2, column 4');
  t.equal(invalidReason('title:(a b)^2'), 'Invalid Lucene query: unexpected "^" at column 12', 'no boosts on groups');
  t.equal(invalidReason('a OR'), 'Invalid Lucene query: the query ends with the operator OR');
  t.equal(invalidReason('a AND'), 'Invalid Lucene query: the query ends with the operator AND');
  t.equal(invalidReason('AND a'), 'Invalid Lucene query: the query or group starts with the operator AND');
  t.equal(invalidReason('OR'), 'Invalid Lucene query: the query ends with the operator OR');
  t.equal(invalidReason('title:foo~'), 'Invalid Lucene query: fuzzy search (foo~) is not supported');
  t.equal(invalidReason('title:/a.c/'), 'Invalid Lucene query: regular expressions (/a.c/) are not supported');
  t.equal(invalidReason('a\u0001b'), 'Invalid Lucene query: control character U+0001 in the query');
  try {
    q('(a');
  } catch (error) {
    t.equal((error as CmsError).kind, 'invalid', 'a 400, never a 500');
  }
});

t.test('parseSortSpec', async (t) => {
  t.same(parseSortSpec('modDate desc,title asc'), [{ moddate: { order: 'desc' } }, { title: { order: 'asc' } }]);
  t.same(parseSortSpec('Blog.Title'), [{ 'blog.title': { order: 'asc' } }], 'ascending by default');
  t.same(parseSortSpec(' modDate  DESC , score desc '), [
    { moddate: { order: 'desc' } },
    { _score: { order: 'desc' } },
  ]);
  t.same(parseSortSpec(''), []);
  t.same(parseSortSpec('  '), []);
  t.throws(() => parseSortSpec('modDate down'), {
    code: 'SEARCH_SORT_INVALID',
    message: 'Invalid sort "modDate down": "down" is not a direction (asc or desc)',
  });
  t.throws(() => parseSortSpec('modDate desc title'), {
    code: 'SEARCH_SORT_INVALID',
    message: 'Invalid sort "modDate desc title": "modDate desc title" is not "field [asc|desc]"',
  });
  t.throws(() => parseSortSpec('modDate,,title'), {
    code: 'SEARCH_SORT_INVALID',
    message: 'Invalid sort "modDate,,title": an item between commas is empty',
  });
  t.throws(
    () => parseSortSpec('title sideways'),
    new CmsError(Errors.SEARCH_SORT_INVALID, {
      sort: 'title sideways',
      reason: '"sideways" is not a direction (asc or desc)',
    }),
  );
});
