/**
 * Edit distance counting a swap of two neighbours as one edit, like an insertion, a deletion or a
 * substitution (optimal string alignment): `http.hots` is one edit from `http.host`, as a typist
 * sees it. Written here rather than taken from a package: a dozen lines, run a few times at start-up.
 */
export function editDistance(a: string, b: string): number {
  // rows[i][j]: the distance between the first i characters of a and the first j of b.
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, j) => j)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row[j] = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        row[j] = Math.min(row[j]!, rows[i - 2]![j - 2]! + 1);
    }
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}

/** The candidate nearest to `name` (case aside) within `maxDistance` edits, the first of equals; undefined when none is. */
export function closestName(name: string, candidates: Iterable<string>, maxDistance: number): string | undefined {
  let best: { candidate: string; distance: number } | undefined;
  for (const candidate of candidates) {
    const distance = editDistance(name.toLowerCase(), candidate.toLowerCase());
    if (distance <= maxDistance && (best === undefined || distance < best.distance)) best = { candidate, distance };
  }
  return best?.candidate;
}
