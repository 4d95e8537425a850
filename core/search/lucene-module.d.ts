// The `lucene` package (a PEG.js Lucene query-syntax parser) ships no types: what this service uses of it.
declare module 'lucene' {
  /** A `field:term` or bare term. `field` is `<implicit>` without one; a `+`/`-` before a field stays in `field`. */
  export interface LuceneTermNode {
    field: string;
    term: string;
    quoted: boolean;
    regex: boolean;
    prefix?: string | null;
    boost?: number | null;
    similarity?: number | null;
    proximity?: number | null;
  }
  /** `field:[min TO max]`; `inclusive` says which ends are: `both`, `none`, `left` or `right`. */
  export interface LuceneRangeNode {
    field: string;
    term_min: string;
    term_max: string;
    inclusive: 'both' | 'none' | 'left' | 'right';
  }
  /** A chain of clauses, right-nested: `left operator right`; a group when `parenthesized` (with `field` for `f:(...)`). */
  export interface LuceneBinaryNode {
    left: LuceneNode;
    operator?: string;
    right?: LuceneNode;
    start?: string;
    parenthesized?: boolean;
    field?: string;
  }
  export type LuceneNode = LuceneTermNode | LuceneRangeNode | LuceneBinaryNode | { operator?: string };
  export interface LuceneSyntaxError extends Error {
    found: string | null;
    location: { start: { offset: number; line: number; column: number } };
  }
  export function parse(query: string): LuceneNode;
  const lucene: { parse: typeof parse };
  export default lucene;
}
