import type { SearchDocument } from '../../../core/plugin/search-driver.js';

/**
 * The table of docs/search.md ("Exact and analysed members"), row by row: what `term`, `terms`,
 * `prefix`, `wildcard` and `range` match on an analysed member (`catchall`, `title`,
 * `<type>.<field>`) and on an exact one (a `_dotraw` copy, any other member), over `SEMANTICS_DOCS`.
 * The contract suite asserts `matches` on every driver; the elasticsearch driver's request test
 * asserts `sent`, the query it sends Elasticsearch for the row.
 */
export interface SemanticsRow {
  /** What the row shows, as the table says it. */
  name: string;
  query: Record<string, unknown>;
  /** The ids it matches, sorted. */
  matches: string[];
  /** The query the elasticsearch driver sends. */
  sent: Record<string, unknown>;
}

export const SEMANTICS_DOCS: SearchDocument[] = [
  {
    id: 's1',
    title: 'Hello World',
    title_dotraw: 'hello world',
    'blog.body': 'Quick brown fox',
    'blog.price': 5,
    catchall: 'hello world quick brown fox',
    city: 'New York',
  },
  {
    id: 's2',
    title: 'Help Desk',
    title_dotraw: 'help desk',
    'blog.body': 'Lazy dog sleeps',
    'blog.price': 25,
    catchall: 'help desk lazy dog sleeps',
    city: 'Boston',
  },
  {
    id: 's3',
    title: 'Café Zürich',
    title_dotraw: 'café zürich',
    'blog.body': 'apple 10',
    'blog.price': 100,
    catchall: 'café zürich apple 10',
    city: 'new york',
  },
];

export const SEMANTICS_ROWS: SemanticsRow[] = [
  // term
  {
    name: 'term on an analysed member: a value of two words equals no token',
    query: { term: { title: 'Hello World' } },
    matches: [],
    sent: { term: { 'title.text': { value: 'Hello World' } } },
  },
  {
    name: 'term on an analysed member: one token matches',
    query: { term: { title: 'hello' } },
    matches: ['s1'],
    sent: { term: { 'title.text': { value: 'hello' } } },
  },
  {
    name: 'term on an analysed member: the value is not analysed (tokens are lower case)',
    query: { term: { title: 'Hello' } },
    matches: [],
    sent: { term: { 'title.text': { value: 'Hello' } } },
  },
  {
    name: 'term on an analysed member: case_insensitive',
    query: { term: { title: { value: 'HELLO', case_insensitive: true } } },
    matches: ['s1'],
    sent: { term: { 'title.text': { value: 'HELLO', case_insensitive: true } } },
  },
  {
    name: 'term on catchall: its tokens',
    query: { term: { catchall: 'fox' } },
    matches: ['s1'],
    sent: { term: { catchall: { value: 'fox' } } },
  },
  {
    name: 'term on <type>.<field>: its tokens',
    query: { term: { 'Blog.Body': 'brown' } },
    matches: ['s1'],
    sent: { term: { 'blog.body.text': { value: 'brown' } } },
  },
  {
    name: 'term on <type>.<field>: a number also finds the number',
    query: { term: { 'blog.price': 25 } },
    matches: ['s2'],
    sent: {
      bool: {
        should: [{ term: { 'blog.price.text': { value: 25 } } }, { term: { 'blog.price': { value: 25 } } }],
        minimum_should_match: 1,
      },
    },
  },
  {
    name: 'term on a _dotraw member: the exact value',
    query: { term: { title_dotraw: 'hello world' } },
    matches: ['s1'],
    sent: { term: { title_dotraw: { value: 'hello world' } } },
  },
  {
    name: 'term on another member: the exact value, case-sensitive',
    query: { term: { city: 'New York' } },
    matches: ['s1'],
    sent: { term: { city: { value: 'New York' } } },
  },
  // terms
  {
    name: 'terms on an analysed member: any value equal to a token',
    query: { terms: { title: ['hello', 'desk', 'Café Zürich'] } },
    matches: ['s1', 's2'],
    sent: { terms: { 'title.text': ['hello', 'desk', 'Café Zürich'] } },
  },
  {
    name: 'terms on a _dotraw member: exact values',
    query: { terms: { title_dotraw: ['help desk', 'help'] } },
    matches: ['s2'],
    sent: { terms: { title_dotraw: ['help desk', 'help'] } },
  },
  // prefix
  {
    name: 'prefix on an analysed member: per token (the first word)',
    query: { prefix: { title: 'hel' } },
    matches: ['s1', 's2'],
    sent: { prefix: { 'title.text': { value: 'hel' } } },
  },
  {
    name: 'prefix on an analysed member: per token (a later word)',
    query: { prefix: { title: 'wor' } },
    matches: ['s1'],
    sent: { prefix: { 'title.text': { value: 'wor' } } },
  },
  {
    name: 'prefix on an analysed member: the value is not analysed',
    query: { prefix: { title: 'Hel' } },
    matches: [],
    sent: { prefix: { 'title.text': { value: 'Hel' } } },
  },
  {
    name: 'prefix on an analysed member: never across tokens',
    query: { prefix: { title: 'hello w' } },
    matches: [],
    sent: { prefix: { 'title.text': { value: 'hello w' } } },
  },
  {
    name: 'prefix on catchall: per token',
    query: { prefix: { catchall: 'slee' } },
    matches: ['s2'],
    sent: { prefix: { catchall: { value: 'slee' } } },
  },
  {
    name: 'prefix on a _dotraw member: the exact value',
    query: { prefix: { title_dotraw: 'hello w' } },
    matches: ['s1'],
    sent: { prefix: { title_dotraw: { value: 'hello w' } } },
  },
  // wildcard
  {
    name: 'wildcard on an analysed member: per token',
    query: { wildcard: { title: '*orl*' } },
    matches: ['s1'],
    sent: { wildcard: { 'title.text': { value: '*orl*' } } },
  },
  {
    name: 'wildcard on an analysed member: ? is one character of a token',
    query: { wildcard: { title: 'h?l*' } },
    matches: ['s1', 's2'],
    sent: { wildcard: { 'title.text': { value: 'h?l*' } } },
  },
  {
    name: 'wildcard on an analysed member: tokens have no diacritics',
    query: { wildcard: { title: 'zur*' } },
    matches: ['s3'],
    sent: { wildcard: { 'title.text': { value: 'zur*' } } },
  },
  {
    name: 'wildcard on a _dotraw member: the exact value',
    query: { wildcard: { title_dotraw: '*desk' } },
    matches: ['s2'],
    sent: { wildcard: { title_dotraw: { value: '*desk' } } },
  },
  // range
  {
    name: 'range on an analysed member: string bounds compare tokens',
    query: { range: { title: { gte: 'w', lt: 'x' } } },
    matches: ['s1'],
    sent: { range: { 'title.text': { gte: 'w', lt: 'x' } } },
  },
  {
    name: 'range on catchall: tokens',
    query: { range: { catchall: { gte: 'sleeps', lte: 'sleeps' } } },
    matches: ['s2'],
    sent: { range: { catchall: { gte: 'sleeps', lte: 'sleeps' } } },
  },
  {
    name: 'range on <type>.<field>: number bounds compare its numbers',
    query: { range: { 'blog.price': { gte: 10, lte: 30 } } },
    matches: ['s2'],
    sent: { range: { 'blog.price': { gte: 10, lte: 30 } } },
  },
  {
    name: 'range on <type>.<field>: bounds holding numbers compare tokens and numbers',
    query: { range: { 'blog.body': { gte: '10', lte: '10' } } },
    matches: ['s3'],
    sent: {
      bool: {
        should: [
          { range: { 'blog.body.text': { gte: '10', lte: '10' } } },
          { range: { 'blog.body': { gte: '10', lte: '10' } } },
        ],
        minimum_should_match: 1,
      },
    },
  },
  {
    name: 'range on a _dotraw member: the exact value',
    query: { range: { title_dotraw: { gte: 'h', lt: 'hello x' } } },
    matches: ['s1'],
    sent: { range: { title_dotraw: { gte: 'h', lt: 'hello x' } } },
  },
];
