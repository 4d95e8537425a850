/**
 * A small router: `add` and `match`. Static paths are one map lookup; paths with parameters
 * (`:id`) or a trailing rest parameter (`*uri`) are matched segment by segment, among the patterns
 * that can have the path's number of segments, literals first and parameters decoded only for
 * the route found (every request to such a route pays this, so it allocates nothing per pattern
 * tried). Trailing slashes
 * are ignored, so `/api/v1/workflow/actionlets/` and `/api/v1/workflow/actionlets` are one route.
 * A route that is only a rest parameter (`/*path`, files served by their path) is a fallback: it
 * answers its method at paths no other route has, and never turns another path's 404 into a 405.
 */
export type RouteMatch<T> =
  | { kind: 'found'; value: T; params: Record<string, string> }
  | { kind: 'method_not_allowed'; allowed: string[] }
  | { kind: 'not_found' };

type Segment = { literal: string } | { param: string } | { rest: string };

/** Paths of one shape; each method keeps its own segments, since parameter names may differ. */
interface Pattern<T> {
  shape: string;
  segments: Segment[];
  byMethod: Map<string, { value: T; segments: Segment[] }>;
}

export class Router<T> {
  private readonly statics = new Map<string, Map<string, T>>();
  private readonly patterns: Array<Pattern<T>> = [];
  /** The patterns a path of n segments may match, in declaration order; made when first needed. */
  private readonly bySegmentCount = new Map<number, Array<Pattern<T>>>();
  /** The most segments a pattern has: paths with more can match rest parameters only, and share one list. */
  private longest = 0;
  private readonly fallbacks = new Map<string, { value: T; segments: Segment[] }>();

  add(method: string, path: string, value: T): void {
    const normalized = normalizePath(path);
    const upper = method.toUpperCase();
    if (!/[:*]/.test(normalized)) {
      const byMethod = this.statics.get(normalized) ?? new Map<string, T>();
      if (byMethod.has(upper)) throw new Error(`Route ${upper} ${path} is declared twice`);
      byMethod.set(upper, value);
      this.statics.set(normalized, byMethod);
      return;
    }
    const segments = splitPath(normalized).map((s, i, all): Segment => {
      if (s.startsWith(':')) return { param: s.slice(1) };
      if (s.startsWith('*')) {
        if (i !== all.length - 1) throw new Error(`Rest parameter must come last in ${path}`);
        return { rest: s.slice(1) };
      }
      return { literal: s };
    });
    if (segments.length === 1 && 'rest' in segments[0]!) {
      if (this.fallbacks.has(upper)) throw new Error(`Route ${upper} ${path} is declared twice`);
      this.fallbacks.set(upper, { value, segments });
      return;
    }
    this.bySegmentCount.clear();
    this.longest = Math.max(this.longest, segments.length);
    const shape = shapeOf(segments);
    let pattern = this.patterns.find((p) => p.shape === shape);
    if (!pattern) {
      pattern = { shape, segments, byMethod: new Map() };
      this.patterns.push(pattern);
    }
    if (pattern.byMethod.has(upper)) throw new Error(`Route ${upper} ${path} is declared twice`);
    pattern.byMethod.set(upper, { value, segments });
  }

  match(method: string, path: string): RouteMatch<T> {
    const normalized = normalizePath(path);
    const upper = method.toUpperCase();
    const lookup = upper === 'HEAD' ? 'GET' : upper;
    const byMethod = this.statics.get(normalized);
    if (byMethod) {
      const value = byMethod.get(lookup);
      if (value !== undefined) return { kind: 'found', value, params: {} };
    }
    const allowed = new Set<string>(byMethod ? byMethod.keys() : []);
    const parts = splitPath(normalized);
    for (const pattern of this.candidates(parts.length)) {
      if (!fits(pattern.segments, parts)) continue;
      const entry = pattern.byMethod.get(lookup);
      if (entry !== undefined)
        return { kind: 'found', value: entry.value, params: matchSegments(entry.segments, parts)! };
      for (const m of pattern.byMethod.keys()) allowed.add(m);
    }
    const fallback = allowed.size === 0 ? this.fallbacks.get(lookup) : undefined;
    const params = fallback && matchSegments(fallback.segments, parts);
    if (fallback && params) return { kind: 'found', value: fallback.value, params };
    return allowed.size > 0 ? { kind: 'method_not_allowed', allowed: [...allowed].sort() } : { kind: 'not_found' };
  }

  private candidates(segmentCount: number): Array<Pattern<T>> {
    const count = Math.min(segmentCount, this.longest + 1);
    let list = this.bySegmentCount.get(count);
    if (!list) {
      list = this.patterns.filter(({ segments }) =>
        'rest' in segments.at(-1)! ? count >= segments.length : count === segments.length,
      );
      this.bySegmentCount.set(count, list);
    }
    return list;
  }

  /** Every declared method and path, for tools and tests. */
  routes(): Array<{ method: string; path: string; value: T }> {
    const out: Array<{ method: string; path: string; value: T }> = [];
    for (const [path, byMethod] of this.statics)
      for (const [method, value] of byMethod) out.push({ method, path, value });
    for (const p of this.patterns) {
      for (const [method, { value, segments }] of p.byMethod) {
        const path =
          '/' +
          segments.map((s) => ('literal' in s ? s.literal : 'param' in s ? `:${s.param}` : `*${s.rest}`)).join('/');
        out.push({ method, path, value });
      }
    }
    for (const [method, { value, segments }] of this.fallbacks)
      out.push({ method, path: `/*${'rest' in segments[0]! ? segments[0].rest : ''}`, value });
    return out;
  }
}

/** Two paths of the same shape (`/a/:x` and `/a/:y`) are one pattern. */
function shapeOf(segments: Segment[]): string {
  return segments.map((s) => ('literal' in s ? s.literal : 'param' in s ? ':' : '*')).join('/');
}

function normalizePath(path: string): string {
  return path.length > 1 && path.endsWith('/') ? path.replace(/\/+$/, '') || '/' : path;
}

function splitPath(path: string): string[] {
  return path === '/' ? [] : path.slice(1).split('/');
}

/** Whether the parts have the pattern's literals and a value for each parameter: `matchSegments` without building anything. */
function fits(segments: Segment[], parts: string[]): boolean {
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    const part = parts[i];
    if (part === undefined) return false;
    if ('rest' in segment) return true;
    if ('literal' in segment ? segment.literal !== part : part === '') return false;
  }
  return parts.length === segments.length;
}

function matchSegments(segments: Segment[], parts: string[]): Record<string, string> | null {
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if ('rest' in segment) {
      if (i >= parts.length) return null;
      params[segment.rest] = parts.slice(i).map(decodeSegment).join('/');
      return params;
    }
    const part = parts[i];
    if (part === undefined) return null;
    if ('literal' in segment) {
      if (segment.literal !== part) return null;
    } else {
      if (part === '') return null;
      params[segment.param] = decodeSegment(part);
    }
  }
  return parts.length === segments.length ? params : null;
}

/** A malformed percent-escape is kept as it is rather than failing the whole request. */
function decodeSegment(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
