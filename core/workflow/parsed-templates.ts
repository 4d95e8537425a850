/**
 * Templates already parsed and checked, keyed by their source text, least recently used dropped
 * first. Actionlets render the same few templates on every fire, and parsing (twice, with the
 * balance check) costs several times the rendering itself. Keyed by source, an edited template is a
 * new key: it is parsed afresh and the old one ages out. Only templates that parsed and passed their
 * checks are kept; a refused one is refused again, with the same error, each time it is used.
 *
 * Bounded by the total length of the sources kept rather than their number: a parsed tree grows
 * with its source, and a few templates at the size limit should not push the others out for long.
 */
export class ParsedTemplates<T extends object> {
  private readonly entries = new Map<string, T>();
  private chars = 0;

  constructor(private readonly maxChars: number) {}

  /** The parsed form of `source`, from `parse` the first time (frozen: renders share it). */
  get(source: string, parse: (source: string) => T): T {
    const cached = this.entries.get(source);
    if (cached) {
      // Re-inserted, so that Map's insertion order stays least recently used first.
      this.entries.delete(source);
      this.entries.set(source, cached);
      return cached;
    }
    const parsed = deepFreeze(parse(source));
    if (source.length > this.maxChars) return parsed;
    for (const [oldest] of this.entries) {
      if (this.chars + source.length <= this.maxChars) break;
      this.entries.delete(oldest);
      this.chars -= oldest.length;
    }
    this.entries.set(source, parsed);
    this.chars += source.length;
    return parsed;
  }

  /** How many templates are kept. */
  get size(): number {
    return this.entries.size;
  }
}

/**
 * NOTE: a parsed tree is shared by every later render of its template. The renderer only reads it
 * today; frozen, a renderer that wrote into it would fail that render rather than change the
 * template for the next fires.
 */
function deepFreeze<T>(value: T): T {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  Object.freeze(value);
  for (const child of Object.values(value)) deepFreeze(child);
  return value;
}
