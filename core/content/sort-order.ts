/** The bounds of a stored sort order: the column is a 32-bit integer on every driver. */
const SORT_ORDER_MIN = -2_147_483_648;
const SORT_ORDER_MAX = 2_147_483_647;

/** A submitted `sortOrder`: a number must be a whole one that fits its column; anything else means 0. */
export function sortOrderOf(value: unknown): number | undefined {
  if (typeof value !== 'number') return 0;
  return Number.isInteger(value) && value >= SORT_ORDER_MIN && value <= SORT_ORDER_MAX ? value : undefined;
}
