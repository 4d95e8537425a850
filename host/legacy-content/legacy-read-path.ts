import { CmsError, Errors } from '../../core/errors/index.js';
import { isRelatedDepth, type RelatedDepth } from '../../core/search/related-content.js';

/** What a legacy read's path asks: one item (by id or inode) or a query, and how to answer. */
export interface LegacyReadPath {
  id?: string;
  inode?: string;
  query?: string;
  /** `Type.field:identifier[,...]`: items related to those (all of them, when several). */
  related?: string;
  limit: number;
  offset: number;
  orderBy: string;
  /** Absent: relationships as the fields hold them (identifiers). */
  depth?: RelatedDepth;
  /** `live/false` reads working versions; absent: not said (live, unless the query string says). */
  live?: boolean;
  languageId?: number;
  /** `json` (the default) or `xml`. */
  type: 'json' | 'xml';
}

/** The original's defaults: ten items, the most recently changed first. */
const DEFAULT_LIMIT = 10;
const DEFAULT_ORDER = 'modDate desc';
/** Bounds kept however large a path asks (the default result window): pages go through `offset`. */
const MAX_LIMIT = 10_000;

/**
 * `/render/false/query/+contentType:Blog/limit/5/orderby/title` as the original reads it: pairs of
 * segments (name, value), names in any case, each value percent-decoded after the split (so an
 * encoded `/` stays in its value). `limit` 0 asks for every hit (up to the result window); `limit`,
 * `offset` and `language` that are not numbers fall back
 * to their defaults, as the original's do; a `depth` other than 0 to 3 is refused. `render`,
 * `respectFrontendRoles` (roles are always respected), `callback` and the path credentials are
 * skipped. `stName:` in a query is the old name of `contentType:`.
 */
export function parseLegacyReadPath(tail: string): LegacyReadPath {
  const pairs = new Map<string, string>();
  const segments = tail.split('/').filter((s) => s !== '');
  for (let i = 0; i + 1 < segments.length; i += 2)
    pairs.set(decode(segments[i]!).toLowerCase(), decode(segments[i + 1]!));
  const depthText = pairs.get('depth');
  let depth: RelatedDepth | undefined;
  if (depthText !== undefined) {
    const value = /^-?\d+$/.test(depthText) ? Number(depthText) : NaN;
    if (value !== -1) {
      if (!isRelatedDepth(value)) throw new CmsError(Errors.SEARCH_DEPTH_INVALID, undefined, { fieldName: 'depth' });
      depth = value;
    }
  }
  const offset = Math.min(whole(pairs.get('offset')) ?? 0, MAX_LIMIT);
  const limit = whole(pairs.get('limit')) ?? DEFAULT_LIMIT;
  const query = pairs.get('query')?.replace(/\bstName:/g, 'contentType:');
  return {
    id: pairs.get('id') || undefined,
    inode: pairs.get('inode') || undefined,
    query: query?.trim() ? query : undefined,
    related: pairs.get('related') || undefined,
    offset,
    // 0 asks for everything, as the original reads it: up to the end of the result window.
    limit: limit === 0 ? Math.max(MAX_LIMIT - offset, 1) : Math.min(limit, MAX_LIMIT),
    orderBy: pairs.get('orderby')?.trim() || DEFAULT_ORDER,
    depth,
    live: pairs.has('live') ? pairs.get('live')!.toLowerCase() !== 'false' : undefined,
    languageId: whole(pairs.get('language')),
    type: pairs.get('type')?.toLowerCase() === 'xml' ? 'xml' : 'json',
  };
}

function whole(value: string | undefined): number | undefined {
  return value !== undefined && /^\d{1,9}$/.test(value) ? Number(value) : undefined;
}

/** A malformed escape is kept as sent. */
function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
