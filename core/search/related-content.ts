import type { Principal } from '../auth/principal.js';
import type { ContentReader, ReadContent } from '../content/content-reader.js';
import { contentletMap, type ContentletMap } from '../content/contentlet-map.js';
import type { Field } from '../model/field.js';
import type { FieldType } from '../plugin/field-type.js';

/** How deep related content is drawn: 0 to 3, as the search endpoints' `depth`. */
export type RelatedDepth = 0 | 1 | 2 | 3;

type ContentMap = ContentletMap;

/**
 * Contentlet maps with their relationship fields drawn to a depth, as the original's search
 * endpoints answer them:
 * - 0: identifiers of the related items (what the field holds);
 * - 1: the related items in full (without their own relationships);
 * - 2: the related items in full, with the identifiers of theirs;
 * - 3: the related items in full, with theirs in full too.
 * Related items are read as the caller may read them (live or working, in the item's language); one
 * the caller may not read, or that is gone, is left out. Items related from the other side (parents)
 * are not drawn: only the relationship field's own values are.
 */
export class RelatedContent {
  constructor(
    private readonly reader: ContentReader,
    private readonly typeOf: (field: Field) => FieldType | undefined,
  ) {}

  async maps(caller: Principal | null, items: readonly ReadContent[], depth: RelatedDepth | undefined, live: boolean) {
    return Promise.all(items.map((item) => this.map(caller, item, depth, live)));
  }

  private async map(
    caller: Principal | null,
    item: ReadContent,
    depth: RelatedDepth | undefined,
    live: boolean,
  ): Promise<ContentMap> {
    const map = contentletMap(item.contentlet, item.type, item.fields, this.typeOf);
    if (depth === undefined || depth === 0) return map;
    for (const field of item.fields.filter((f) => f.relationType)) {
      const ids = map[field.variable];
      if (!Array.isArray(ids)) continue;
      const related: ContentMap[] = [];
      for (const id of ids) {
        if (typeof id !== 'string') continue;
        const found = await this.reader
          .byIdentifier(caller, id, { live, languageId: item.contentlet.version.languageId })
          .catch(() => undefined);
        if (!found) continue;
        // Depth 1 leaves the related items' relationships out; 2 names them; 3 draws them in full.
        const inner =
          depth === 1
            ? withoutRelationships(await this.map(caller, found, 0, live), found.fields)
            : await this.map(caller, found, depth === 3 ? 1 : 0, live);
        related.push(inner);
      }
      map[field.variable] = related;
    }
    return map;
  }
}

function withoutRelationships(map: ContentMap, fields: readonly Field[]): ContentMap {
  for (const field of fields) if (field.relationType) delete map[field.variable];
  return map;
}

/** Reads `depth` as the endpoints take it: absent, or 0 to 3; anything else is `SEARCH_DEPTH_INVALID`. */
export function isRelatedDepth(value: unknown): value is RelatedDepth {
  return value === 0 || value === 1 || value === 2 || value === 3;
}
