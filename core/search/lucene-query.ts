// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- a build from kit.ts alone (the declarations of cms/plugin) must see the types of `lucene` too
/// <reference path="./lucene-module.d.ts" />
import lucene, {
  type LuceneBinaryNode,
  type LuceneNode,
  type LuceneRangeNode,
  type LuceneSyntaxError,
  type LuceneTermNode,
} from 'lucene';
import { CmsError } from '../errors/cms-error.js';
import { Errors } from '../errors/index.js';
import { CATCHALL_FIELD, indexFieldName, isExactField } from './index-field-names.js';
import { GROUP_PLACEHOLDER, preprocessLucene } from './lucene-preprocess.js';
import type { BoolQuery, QueryDsl, RangeBounds } from './query-dsl.js';

/**
 * Translates a Lucene query (`+contentType:Blog +languageId:1 title:'Hello World'`) to the query DSL
 * the search drivers take. Rules, as the original (Elasticsearch's `query_string` over an index it
 * wrote in lower case) behaves:
 * - Field names are lower-cased and aliased (`indexFieldName`); a term without a field searches `catchall`;
 *   `f:(a OR b)` gives its field to the terms inside.
 * - Values are lower-cased, as the index keeps them, and stay strings (a driver coerces them).
 * - A value with an unescaped `*` or `?` is a `wildcard`; one ending in its only `*` a `prefix`;
 *   `f:*` is `exists`, `*:*` (or `*`) is `match_all`.
 * - On exact fields (`isExactField`: identifier, contenttype, languageid, live, conhost, ...) a value,
 *   quoted or not, is a `term`; elsewhere a quoted phrase is a `match_phrase` (`~n` its slop) and an
 *   unquoted value a `match`.
 * - `[a TO b]` includes its ends, `{a TO b}` excludes them, `*` leaves an end open; ends that
 *   start with a digit (numbers, dates) keep their case.
 * - Clauses combine as Lucene's classic parser does (default operator OR): `+`/AND make a clause
 *   `must`, `-`/`!`/NOT `must_not`, the others `should`; beside a `must` a `should` only scores.
 * - `^n` is the leaf's `boost`. Fuzzy (`~`) and regular expressions (`/re/`) are refused.
 * An empty query is `match_all`; a malformed one throws `SEARCH_QUERY_INVALID` naming the column.
 */
export function parseLuceneQuery(query: string): QueryDsl {
  if (query.includes(GROUP_PLACEHOLDER)) throw invalid('control character U+0001 in the query');
  if (query.trim() === '') return { match_all: {} };
  const { text, origin } = preprocessLucene(query);
  const danglingOperator = /(?:^|\s)(AND|OR|NOT|&&|\|\|)\s*$/.exec(text);
  if (danglingOperator) throw invalid(`the query ends with the operator ${danglingOperator[1]}`);
  let ast: LuceneNode;
  try {
    ast = lucene.parse(text);
  } catch (error) {
    throw syntaxError(error, { query, origin });
  }
  return translateNode(ast, CATCHALL_FIELD);
}

type Occur = 'must' | 'should' | 'must_not';
interface Clause {
  occur: Occur;
  query: QueryDsl;
}
type Conjunction = 'and' | 'or' | 'none';
type Modifier = 'required' | 'prohibited' | 'none';

function translateNode(node: LuceneNode, defaultField: string): QueryDsl {
  if ('left' in node) return translateChain(node, defaultField);
  if ('term_min' in node) return translateRange(node, defaultField);
  if ('term' in node) return translateTerm(node, defaultField);
  if (node.operator !== undefined) throw invalid(`the operator ${node.operator} has nothing to combine`);
  return { match_all: {} };
}

/** A chain `a OP b OP c ...` (the parser nests it to the right) as one bool, clause by clause. */
function translateChain(chain: LuceneBinaryNode, defaultField: string): QueryDsl {
  const clauses: Clause[] = [];
  let node: LuceneBinaryNode | undefined = chain;
  let operator = chain.start ?? '<implicit>';
  if (chain.start !== undefined && !chain.start.endsWith('NOT')) {
    throw invalid(`the query or group starts with the operator ${chain.start}`);
  }
  while (node) {
    const left: LuceneNode = node.left;
    addClause(clauses, { operator, node: left, defaultField });
    if (node.right === undefined) break;
    operator = node.operator ?? '<implicit>';
    const right: LuceneNode = node.right;
    if (isChain(right) && !right.parenthesized && right.field === undefined) {
      if (right.start !== undefined) operator = `${operator === '<implicit>' ? '' : operator + ' '}${right.start}`;
      node = right;
    } else {
      addClause(clauses, { operator, node: right, defaultField });
      node = undefined;
    }
  }
  return combine(clauses);
}

function isChain(node: LuceneNode): node is LuceneBinaryNode {
  return 'left' in node;
}

/** Lucene's classic `addClause` with the default operator OR. */
function addClause(clauses: Clause[], options: { operator: string; node: LuceneNode; defaultField: string }): void {
  const { conjunction, modifier: operatorModifier } = readOperator(options.operator);
  const { modifier: ownModifier, query } = translateClause(options.node, options.defaultField);
  const modifier = ownModifier === 'none' ? operatorModifier : ownModifier;
  const previous = clauses[clauses.length - 1];
  // NOTE: `a AND b` makes the clause before AND required too, unless it is prohibited.
  if (previous && conjunction === 'and' && previous.occur !== 'must_not') previous.occur = 'must';
  const required = modifier === 'required' || (conjunction === 'and' && modifier !== 'prohibited');
  clauses.push({ occur: modifier === 'prohibited' ? 'must_not' : required ? 'must' : 'should', query });
}

function readOperator(operator: string): { conjunction: Conjunction; modifier: Modifier } {
  const words = operator.split(' ');
  const conjunction =
    words.includes('AND') || words.includes('&&')
      ? 'and'
      : words.includes('OR') || words.includes('||')
        ? 'or'
        : 'none';
  return { conjunction, modifier: words.includes('NOT') ? 'prohibited' : 'none' };
}

/** One operand: a leaf or a group, with the `+`/`-`/`!` written before it (which the parser may leave in the field name). */
function translateClause(node: LuceneNode, defaultField: string): { modifier: Modifier; query: QueryDsl } {
  if (!('field' in node) || node.field === undefined)
    return { modifier: 'none', query: translateNode(node, defaultField) };
  let field = node.field;
  let modifier = modifierOf(field.charAt(0));
  if (modifier !== 'none') field = field.slice(1);
  if ('term' in node && node.prefix) modifier = modifierOf(node.prefix);
  if (isChain(node)) {
    // `f:(a b)` and `+(a b)` (the placeholder field): a group, its terms searching `f` unless they name a field.
    const groupField = field === GROUP_PLACEHOLDER ? defaultField : fieldName(field);
    const { field: _field, ...group } = node;
    return { modifier, query: translateNode(group, groupField) };
  }
  return { modifier, query: translateNode({ ...node, field }, defaultField) };
}

function modifierOf(char: string): Modifier {
  return char === '+' ? 'required' : char === '-' || char === '!' ? 'prohibited' : 'none';
}

function combine(clauses: Clause[]): QueryDsl {
  const only = clauses[0];
  if (clauses.length === 1 && only && only.occur !== 'must_not') return only.query;
  const bool: BoolQuery = {};
  for (const { occur, query } of clauses) (bool[occur] ??= []).push(query);
  return { bool };
}

function fieldName(field: string, defaultField = CATCHALL_FIELD): string {
  return field === '<implicit>' || field === '' ? defaultField : indexFieldName(unescape(field));
}

function translateTerm(node: LuceneTermNode, defaultField: string): QueryDsl {
  if (node.regex) throw invalid(`regular expressions (/${node.term}/) are not supported`);
  if (node.similarity !== null && node.similarity !== undefined) {
    throw invalid(`fuzzy search (${node.term}~) is not supported`);
  }
  const boost = node.boost ?? undefined;
  const withBoost = <T extends object>(body: T) => (boost === undefined ? body : { ...body, boost });
  if (node.field === '*' && node.term === '*') return { match_all: withBoost({}) };
  const field = fieldName(node.field, defaultField);
  if (node.quoted) {
    const value = unescape(node.term).toLowerCase();
    if (isExactField(field)) return { term: { [field]: withBoost({ value }) } };
    const slop = node.proximity ?? undefined;
    return { match_phrase: { [field]: withBoost(slop === undefined ? { query: value } : { query: value, slop }) } };
  }
  if (field === '_exists_') return { exists: { field: fieldName(node.term) } };
  const text = readTermText(node.term);
  if (text.wildcards === 0) {
    const value = text.literal;
    return isExactField(field)
      ? { term: { [field]: withBoost({ value }) } }
      : { match: { [field]: withBoost({ query: value }) } };
  }
  if (text.pattern === '*') {
    return field === CATCHALL_FIELD && node.field === '<implicit>'
      ? { match_all: withBoost({}) }
      : { exists: { field } };
  }
  if (text.wildcards === 1 && text.pattern.endsWith('*') && !text.pattern.endsWith('\\*')) {
    return { prefix: { [field]: withBoost({ value: text.literal.slice(0, -1) }) } };
  }
  return { wildcard: { [field]: withBoost({ value: text.pattern }) } };
}

/**
 * A term's text: `literal` without escapes, `pattern` with unescaped `*`/`?` as wildcards and the
 * literal `*`, `?` and `\` escaped with `\` (the wildcard syntax of Lucene and Elasticsearch).
 */
function readTermText(raw: string): { literal: string; pattern: string; wildcards: number } {
  let literal = '';
  let pattern = '';
  let wildcards = 0;
  for (let i = 0; i < raw.length; i++) {
    const char = raw[i] as string;
    if (char === '\\' && i + 1 < raw.length) {
      const next = raw[++i] as string;
      literal += next;
      pattern += next === '*' || next === '?' || next === '\\' ? `\\${next}` : next;
    } else {
      if (char === '*' || char === '?') wildcards++;
      literal += char;
      pattern += char;
    }
  }
  return { literal: literal.toLowerCase(), pattern: pattern.toLowerCase(), wildcards };
}

function translateRange(node: LuceneRangeNode, defaultField: string): QueryDsl {
  const field = fieldName(node.field, defaultField);
  const min = node.term_min === '*' ? undefined : rangeBound(node.term_min);
  const max = node.term_max === '*' ? undefined : rangeBound(node.term_max);
  if (min === undefined && max === undefined) return { exists: { field } };
  const includesMin = node.inclusive === 'both' || node.inclusive === 'left';
  const includesMax = node.inclusive === 'both' || node.inclusive === 'right';
  const bounds: RangeBounds = {};
  if (min !== undefined) bounds[includesMin ? 'gte' : 'gt'] = min;
  if (max !== undefined) bounds[includesMax ? 'lte' : 'lt'] = max;
  return { range: { [field]: bounds } };
}

/**
 * A range end, lower-cased as the index keeps text (`[A TO M]`, `now`), except numbers and dates
 * (`2020-01-01T00:00:00Z`), whose `T`, `Z` and `E` the engines read in upper case.
 */
function rangeBound(raw: string): string {
  const value = unescape(raw);
  return /^[-+]?\d/.test(value) ? value : value.toLowerCase();
}

/** Removes Lucene's backslash escapes: `a\:b` → `a:b`. */
function unescape(text: string): string {
  return text.replace(/\\(.)/gs, '$1');
}

function invalid(reason: string): CmsError {
  return new CmsError(Errors.SEARCH_QUERY_INVALID, { reason });
}

function syntaxError(error: unknown, { query, origin }: { query: string; origin: number[] }): CmsError {
  const location = (error as Partial<LuceneSyntaxError>).location;
  if (!location) return new CmsError(Errors.SEARCH_QUERY_INVALID, { reason: String(error) }, { cause: error });
  const offset = origin[location.start.offset] ?? query.length;
  const found = (error as LuceneSyntaxError).found;
  const what = found === null || found === undefined ? 'unexpected end of query' : `unexpected "${found}"`;
  const before = query.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  const where = query.includes('\n') ? `line ${line}, column ${column}` : `column ${column}`;
  return new CmsError(Errors.SEARCH_QUERY_INVALID, { reason: `${what} at ${where}` }, { cause: error });
}
