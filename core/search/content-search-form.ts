import type { Definitions } from '../definitions/definition-cache.js';
import type { ContentType } from '../model/content-type.js';
import { SYSTEM_HOST } from '../model/site.js';
import type { QueryDsl } from './query-dsl.js';

/**
 * The original's v1 content search form: the searchable fields by content type (id or variable →
 * field variable → what to look for), the system fields, three state flags, an order and a page.
 */
export interface ContentSearchForm {
  globalSearch?: string;
  searchableFieldsByContentType?: Record<string, Record<string, unknown>>;
  systemSearchableFields?: {
    siteId?: string;
    languageId?: number;
    workflowSchemeId?: string;
    workflowStepId?: string;
    variantName?: string;
    systemHostContent?: boolean;
  };
  archivedContent?: string | boolean;
  unpublishedContent?: string | boolean;
  lockedContent?: string | boolean;
  orderBy?: string;
  page?: number;
  perPage?: number;
}

/** Values of a field are split into tokens as the original splits them: at commas, bars and spaces. */
const TOKEN_SEPARATORS = /[,|\s]+/;

const lower = (value: string) => value.toLowerCase();

/** A flag sent as a boolean or as the strings `true`/`false`; anything else (blank) is not set. */
function flag(value: string | boolean | undefined): boolean | undefined {
  if (typeof value === 'boolean') return value;
  const text = value?.trim().toLowerCase();
  return text === 'true' ? true : text === 'false' ? false : undefined;
}

/**
 * The query the form asks for, as the original's query builder composes it, built as query DSL
 * (never as Lucene text, so nothing a caller sends can change the query's structure):
 * - the content types named (unknown names are skipped, as the original skips them) and, per
 *   field named, each token of its value found in the field (`*token*` in the value or its raw twin;
 *   a quoted value as a phrase); a relationship field's value names the related identifiers;
 * - `globalSearch` in the title; `siteId` (with SYSTEM_HOST's content unless `systemHostContent` is
 *   false), `languageId`, workflow scheme and step, variant;
 * - archived items only when `archivedContent` is true, else none; `lockedContent` and
 *   `unpublishedContent` (true: only items without a live version) when set.
 * Which versions are searched (working ones) and what the caller may read is the caller's to add.
 */
export async function contentSearchFormQuery(form: ContentSearchForm, definitions: Definitions): Promise<QueryDsl> {
  const must: QueryDsl[] = [];
  const types = await namedTypes(form, definitions);
  if (types.length > 0) must.push({ terms: { contenttype: types.map(({ type }) => lower(type.variable)) } });
  for (const { type, values } of types) {
    const fields = await definitions.fields(type.id);
    for (const [variable, value] of Object.entries(values)) {
      const field = fields.find((f) => f.variable === variable);
      const text = valueText(value);
      if (!field || text === '') continue;
      const name = lower(`${type.variable}.${field.variable}`);
      if (field.relationType) must.push(anyPhrase(name, tokens(text)));
      else must.push(...fieldQueries(name, text));
    }
  }
  const global = form.globalSearch?.trim();
  if (global) must.push(globalQuery(global));
  must.push(...systemQueries(form.systemSearchableFields ?? {}));
  must.push({ term: { deleted: { value: String(flag(form.archivedContent) ?? false) } } });
  const locked = flag(form.lockedContent);
  if (locked !== undefined) must.push({ term: { locked: { value: String(locked) } } });
  const unpublished = flag(form.unpublishedContent);
  if (unpublished !== undefined) must.push({ term: { live: { value: String(!unpublished) } } });
  return { bool: { must } };
}

async function namedTypes(form: ContentSearchForm, definitions: Definitions) {
  const found: Array<{ type: ContentType; values: Record<string, unknown> }> = [];
  for (const [key, values] of Object.entries(form.searchableFieldsByContentType ?? {})) {
    const type = await definitions.contentType(key);
    if (type && !found.some((f) => f.type.id === type.id)) found.push({ type, values: values ?? {} });
  }
  return found;
}

function valueText(value: unknown): string {
  if (Array.isArray(value)) return value.map(valueText).join(',');
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
}

const tokens = (text: string) => text.split(TOKEN_SEPARATORS).filter((t) => t !== '');

/**
 * Any of the identifiers in a relationship field: the field's member is analysed text, whose tokens
 * split an identifier at its hyphens, so each is looked for as a phrase.
 */
function anyPhrase(field: string, values: readonly string[]): QueryDsl {
  return {
    bool: {
      should: values.map((v) => ({ match_phrase: { [field]: { query: lower(v) } } })),
      minimum_should_match: 1,
    },
  };
}

function anyTerm(field: string, values: readonly string[]): QueryDsl {
  return { bool: { should: values.map((v) => ({ term: { [field]: { value: lower(v) } } })), minimum_should_match: 1 } };
}

/** Every token in the field or its raw twin; a quoted value as one phrase. */
function fieldQueries(field: string, text: string): QueryDsl[] {
  if (text.length > 1 && text.startsWith('"') && text.endsWith('"')) {
    const phrase = text.slice(1, -1).trim();
    return phrase ? [{ match_phrase: { [field]: { query: lower(phrase) } } }] : [];
  }
  return tokens(text).map((token) => ({
    bool: {
      should: [
        { wildcard: { [field]: { value: `*${lower(token)}*` } } },
        { wildcard: { [`${field}_dotraw`]: { value: `*${lower(token)}*` } } },
      ],
      minimum_should_match: 1,
    },
  }));
}

/** The whole text in the title first, then each of its words, then the raw title containing it. */
function globalQuery(text: string): QueryDsl {
  const value = lower(text);
  const words = tokens(value);
  return {
    bool: {
      should: [
        { match_phrase: { title: { query: value, boost: 15 } } },
        ...(words.length > 1 ? words.map((w): QueryDsl => ({ match: { title: { query: w, boost: 5 } } })) : []),
        { wildcard: { title_dotraw: { value: `*${value}*`, boost: 5 } } },
      ],
      minimum_should_match: 1,
    },
  };
}

function systemQueries(system: NonNullable<ContentSearchForm['systemSearchableFields']>): QueryDsl[] {
  const out: QueryDsl[] = [];
  const site = system.siteId?.trim();
  if (site) {
    const sites = system.systemHostContent === false ? [site] : [site, SYSTEM_HOST];
    out.push(anyTerm('conhost', sites));
  }
  if (system.languageId !== undefined && system.languageId > 0)
    out.push({ term: { languageid: { value: String(system.languageId) } } });
  const scheme = system.workflowSchemeId?.trim();
  // An item without a task lists its type's schemes in one value: the id is looked for inside it.
  if (scheme) out.push({ wildcard: { wfscheme: { value: `*${lower(scheme)}*` } } });
  const step = system.workflowStepId?.trim();
  if (step) out.push({ term: { wfstep: { value: lower(step) } } });
  out.push({ term: { variant: { value: lower(system.variantName?.trim() || 'DEFAULT') } } });
  return out;
}
