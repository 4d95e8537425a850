import type { SearchIndex } from '../plugin/search-driver.js';
import { isAnalysedMember } from './analysed-members.js';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Candidates asked of the engine for each word, per suggestion wanted: room for those left out. */
const CANDIDATES_PER_OPTION = 4;
/** Most counts one request may cost; options past it are left out rather than counted. */
export const MAX_SUGGEST_COUNTS = 200;

interface Wanted {
  field: string;
  size: number;
  mode: 'missing' | 'popular' | 'always';
}

interface Option {
  text: string;
  score: number;
  freq: number;
}

/**
 * Term suggestions that count only what a caller may read, in the slot searched. An engine draws
 * suggestions from every document it holds, whatever the query (Elasticsearch's term suggester
 * does, and so does the embedded driver): a word found only in drafts the caller may not read would
 * come back as an option, with the number of documents holding it. So the engine is asked for candidates in every
 * mode (`prepare`), then each candidate's frequency, and each word's own, are counted again inside
 * the caller's filter, and the suggester's mode and size apply to those counts (`finish`). A
 * suggester the engine would refuse is left as sent, for the engine to refuse.
 */
export class ReadableSuggest {
  private readonly wanted = new Map<string, Wanted>();
  private readonly counts = new Map<string, Promise<number>>();
  private budget = MAX_SUGGEST_COUNTS;

  constructor(
    private readonly index: SearchIndex,
    private readonly filter: readonly Json[],
  ) {}

  /** The request's `suggest`, asking for candidates in every mode. */
  prepare(suggest: unknown): unknown {
    if (!isObject(suggest)) return suggest;
    const out: Json = {};
    for (const [name, spec] of Object.entries(suggest)) {
      out[name] = spec;
      if (name === 'text' || !isObject(spec) || !isObject(spec.term)) continue;
      const { field, size = 5, suggest_mode: mode = 'missing' } = spec.term;
      if (typeof field !== 'string' || !Number.isInteger(size) || (size as number) < 1) continue;
      if (mode !== 'missing' && mode !== 'popular' && mode !== 'always') continue;
      this.wanted.set(name, { field, size: size as number, mode });
      const candidates = Math.min(10_000, (size as number) * CANDIDATES_PER_OPTION);
      out[name] = { ...spec, term: { ...spec.term, suggest_mode: 'always', size: candidates } };
    }
    return out;
  }

  /** The engine's suggestions, counted again inside the filter. */
  async finish(answered: Json | undefined): Promise<Json | undefined> {
    if (!answered) return answered;
    const out: Json = {};
    for (const [name, entries] of Object.entries(answered)) {
      const wanted = this.wanted.get(name);
      out[name] = wanted && Array.isArray(entries) ? await this.entries(wanted, entries) : entries;
    }
    return out;
  }

  private async entries(wanted: Wanted, entries: unknown[]): Promise<unknown[]> {
    const out: unknown[] = [];
    for (const entry of entries) {
      if (!isObject(entry) || typeof entry.text !== 'string' || !Array.isArray(entry.options)) {
        out.push(entry);
        continue;
      }
      const own = await this.count(wanted.field, entry.text, 'match');
      if (wanted.mode === 'missing' && own !== 0) {
        out.push({ ...entry, options: [] });
        continue;
      }
      const options: Option[] = [];
      for (const option of entry.options as Option[]) {
        const freq = await this.count(wanted.field, option.text, isAnalysedMember(wanted.field) ? 'term' : 'match');
        if (freq > 0 && (wanted.mode !== 'popular' || freq > own)) options.push({ ...option, freq });
      }
      options.sort((a, b) => b.score - a.score || b.freq - a.freq || (a.text < b.text ? -1 : a.text > b.text ? 1 : 0));
      out.push({ ...entry, options: options.slice(0, wanted.size) });
    }
    return out;
  }

  /**
   * Documents within the filter whose field holds the term; 0 once the budget is spent (left out).
   * A word as typed is analysed (`match`); an option of an analysed member is one of its tokens,
   * which a `term` query finds as well, and more cheaply than a full-text query that would rank
   * every document (of another member, a word of its values, which only `match` finds).
   */
  private count(field: string, term: string, query: 'match' | 'term'): Promise<number> {
    const key = `${query}\0${field}\0${term}`;
    let counted = this.counts.get(key);
    if (!counted) {
      if (this.budget <= 0) return Promise.resolve(0);
      this.budget--;
      counted = this.index
        .search({ query: { bool: { must: [{ [query]: { [field]: term } }], filter: [...this.filter] } }, size: 0 })
        .then((answer) => answer.hits.total.value);
      this.counts.set(key, counted);
    }
    return counted;
  }
}
