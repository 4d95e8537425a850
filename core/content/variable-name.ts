/**
 * Derives a variable name from a display name the way the original does: words joined in
 * camelCase, anything but letters and digits dropped, never starting with a digit.
 * `Blog Post` → `blogPost`, `Publish Date` → `publishDate`, `2nd title` → `field2ndTitle`.
 */
export function variableFromName(name: string, fallback = 'field'): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  if (words.length === 0) return fallback;
  const joined = words
    .map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1)))
    .join('');
  return /^[0-9]/.test(joined) ? fallback + joined : joined;
}

export const VARIABLE_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,254}$/;

/** The first of `base`, `base1`, `base2`, ... that `taken` does not hold (compared ignoring case). */
export function firstFreeVariable(
  base: string,
  taken: (candidate: string) => boolean | Promise<boolean>,
): Promise<string> {
  return (async () => {
    for (let n = 0; ; n++) {
      const candidate = n === 0 ? base : `${base}${n}`;
      if (!(await taken(candidate))) return candidate;
    }
  })();
}
