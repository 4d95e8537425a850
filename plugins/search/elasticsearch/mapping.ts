/**
 * The index this driver creates: settings and an explicit mapping, so that no field's type is left
 * to Elasticsearch's defaults (which would map strings as `text` + `.keyword`, floats as `float`,
 * and `"2024"` as a date).
 *
 * One scheme for strings: the field itself is a `keyword` (exact: `term`, `terms`, `prefix`,
 * `wildcard`, `range`, `sort`, `aggs`, as the contract's exact-value members need, with no query
 * rewriting), and its words are in the sub-field `<field>.text`, which `match` and
 * `match_phrase` use, and the exact-value queries on an analysed member (`catchall`, `title`,
 * `<type>.<field>`: see `analysed-translation.ts`). Document values are already lower-cased by the
 * content document builder where the original lower-cases them, so `keyword` needs no normaliser,
 * and a `term` stays case-sensitive as on the embedded driver.
 */

/** The analysed sub-field of every string field. */
export const TEXT_SUBFIELD = 'text';
/** The property holding the text of the whole item: analysed text only. */
export const CATCHALL = 'catchall';
/**
 * Where a document whose property names are not all lower-case keeps itself as given (for
 * `_source`): stored, never indexed (`enabled: false`). `@` cannot start a content field's name.
 */
export const ORIGINAL_SOURCE = '@source';

/**
 * Lucene refuses a term over 32 766 bytes; a keyword longer than this many characters (4 bytes
 * each at worst) is not indexed as a value (`ignore_above`) instead of failing the document; its
 * words are still in `.text`.
 */
const KEYWORD_MAX_CHARS = 8191;

/**
 * Strings detected as dates: ISO date-times with or without milliseconds and zone (the content
 * document builder writes `yyyy-MM-ddTHH:mm:ss`, UTC), and plain `yyyy-MM-dd`. Not ES's default
 * `strict_date_optional_time`, which takes `"2024"` (a year) for a date too.
 */
const DETECTED_DATES = [
  "strict_date_time||strict_date_time_no_millis||yyyy-MM-dd'T'HH:mm:ss.SSS||yyyy-MM-dd'T'HH:mm:ss||strict_date",
];
/** A date field also takes epoch milliseconds: the contract allows both forms for one field. */
const DATE_FORMAT = `${DETECTED_DATES[0]}||epoch_millis`;

export interface IndexLayout {
  shards: number;
  replicas: number;
  /** `index.max_result_window`, the service's `search.max.result.window`: ES refuses what the service would. */
  maxResultWindow?: number;
}

/** The body of the index-creation request (settings and mappings), shared by open and rebuild. */
export function indexBody(layout: IndexLayout): Record<string, unknown> {
  return {
    settings: {
      number_of_shards: layout.shards,
      number_of_replicas: layout.replicas,
      ...(layout.maxResultWindow !== undefined ? { max_result_window: layout.maxResultWindow } : {}),
      analysis: {
        // As the embedded driver's tokenizer (unicode61, diacritics removed): words, lower-cased, folded.
        analyzer: { cms_folding: { type: 'custom', tokenizer: 'standard', filter: ['lowercase', 'asciifolding'] } },
      },
    },
    mappings: {
      date_detection: true,
      dynamic_date_formats: DETECTED_DATES,
      dynamic_templates: [
        {
          // A later value that is not a date (a title that once looked like one) is left out of
          // that field for that document rather than failing the whole document.
          dates: { match_mapping_type: 'date', mapping: { type: 'date', format: DATE_FORMAT, ignore_malformed: true } },
        },
        {
          strings: {
            match_mapping_type: 'string',
            mapping: {
              type: 'keyword',
              ignore_above: KEYWORD_MAX_CHARS,
              fields: { [TEXT_SUBFIELD]: { type: 'text', analyzer: 'cms_folding' } },
            },
          },
        },
        // Every number as a double: a field first seen as `10` must still hold `25.5` exactly
        // (ES would map it `long` and truncate), and `float` would round epoch milliseconds.
        { whole_numbers: { match_mapping_type: 'long', mapping: { type: 'double' } } },
        { numbers: { match_mapping_type: 'double', mapping: { type: 'double' } } },
      ],
      properties: {
        [CATCHALL]: { type: 'text', analyzer: 'cms_folding' },
        [ORIGINAL_SOURCE]: { type: 'object', enabled: false },
      },
    },
  };
}
