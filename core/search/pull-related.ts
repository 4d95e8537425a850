import type { Principal } from '../auth/principal.js';
import type { ContentReader, ReadContent } from '../content/content-reader.js';
import { contentletMap } from '../content/contentlet-map.js';
import { CmsError, Errors } from '../errors/index.js';
import type { Field } from '../model/field.js';
import type { FieldType } from '../plugin/field-type.js';
import type { ContentSearch } from './content-search.js';
import { parseLuceneQuery } from './lucene-query.js';
import type { QueryDsl } from './query-dsl.js';
import { parseSortSpec } from './sort-spec.js';

/** The original's pull-related form. */
export interface PullRelatedForm {
  identifier: string;
  fieldVariable: string;
  /** A Lucene query the related items must match too. */
  condition?: string;
  /** 0 or absent: every related item. */
  limit?: number;
  offset?: number;
  orderBy?: string;
}

/** At most this many related items come back at once. */
export const MAX_RELATED = 1000;

/**
 * The items related to one item through one of its relationship fields, as the original's
 * `POST /api/v1/content/related` answers them: live versions of the related items the caller may
 * read (the search keeps to them inside the engine), in the item's language unless `condition`
 * names `languageId`, in the relationship's order unless `orderBy` names another.
 */
export class PullRelated {
  constructor(
    private readonly deps: {
      contentReader: ContentReader;
      contentSearch: ContentSearch;
      typeOf: (field: Field) => FieldType | undefined;
    },
  ) {}

  async pull(principal: Principal | null, form: PullRelatedForm): Promise<ReadContent[]> {
    const item = await this.deps.contentReader.byIdentifier(principal, form.identifier, { defaultLive: true });
    const field = item.fields.find((f) => f.variable === form.fieldVariable && f.relationType);
    if (!field) throw new CmsError(Errors.SEARCH_NOT_A_RELATIONSHIP, { field: form.fieldVariable });
    const held = contentletMap(item.contentlet, item.type, item.fields, this.deps.typeOf)[field.variable];
    const ids = Array.isArray(held) ? held.filter((id): id is string => typeof id === 'string') : [];
    const offset = form.offset ?? 0;
    const limit = form.limit && form.limit > 0 ? Math.min(form.limit, MAX_RELATED) : MAX_RELATED;
    if (ids.length === 0 || offset >= ids.length) return [];
    const condition = form.condition?.trim();
    const must: QueryDsl[] = [{ terms: { identifier: ids.map((id) => id.toLowerCase()) } }];
    if (condition) must.push(parseLuceneQuery(condition));
    if (!condition || !/languageid/i.test(condition))
      must.push({ term: { languageid: { value: String(item.contentlet.version.languageId) } } });
    const sort = form.orderBy?.trim() ? parseSortSpec(form.orderBy) : [];
    if (sort.length > 0) {
      const { items } = await this.deps.contentSearch.search(principal, {
        query: { bool: { must, must_not: [{ term: { deleted: { value: 'true' } } }] } },
        from: offset,
        size: limit,
        sort,
      });
      return items;
    }
    // The relationship's own order: every match is read, then ordered as the field holds them.
    const { items } = await this.deps.contentSearch.search(principal, {
      query: { bool: { must, must_not: [{ term: { deleted: { value: 'true' } } }] } },
      from: 0,
      size: Math.min(ids.length, MAX_RELATED),
    });
    const position = (read: ReadContent) => ids.indexOf(read.contentlet.identifier.identifier);
    return [...items].sort((a, b) => position(a) - position(b)).slice(offset, offset + limit);
  }

  /**
   * The legacy read's `related` option, `Type.field:identifier`: the items related to `identifier`
   * through the relationship field `field` of `Type`. When the item is of `Type`, those its field
   * holds (`pull`); otherwise the items of `Type` whose field holds it (the other side).
   */
  async pullByName(
    principal: Principal | null,
    spec: string,
    options: { condition?: string; limit: number; orderBy?: string; live: boolean },
  ): Promise<ReadContent[]> {
    const match = /^(\w+)\.(\w+):(.+)$/.exec(spec.trim());
    if (!match) throw new CmsError(Errors.SEARCH_NOT_A_RELATIONSHIP, { field: spec });
    const [, typeName, fieldVariable, identifier] = match as unknown as [string, string, string, string];
    const item = await this.deps.contentReader.byIdentifier(principal, identifier, { defaultLive: true });
    if (item.type.variable.toLowerCase() === typeName.toLowerCase())
      return this.pull(principal, {
        identifier,
        fieldVariable,
        condition: options.condition,
        limit: options.limit,
        orderBy: options.orderBy,
      });
    // A field member is analysed text (its tokens split an identifier at its hyphens): a phrase finds the identifier.
    const must: QueryDsl[] = [
      { match_phrase: { [`${typeName}.${fieldVariable}`.toLowerCase()]: { query: identifier.toLowerCase() } } },
    ];
    if (options.condition?.trim()) must.push(parseLuceneQuery(options.condition));
    const sort = options.orderBy?.trim() ? parseSortSpec(options.orderBy) : [];
    const { items } = await this.deps.contentSearch.search(
      principal,
      {
        query: { bool: { must } },
        from: 0,
        size: Math.min(options.limit, MAX_RELATED),
        ...(sort.length ? { sort } : {}),
      },
      { live: options.live },
    );
    return items;
  }
}
