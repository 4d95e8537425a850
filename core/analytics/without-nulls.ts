/**
 * A copy of parsed JSON without the object members whose value is `null`, so that a member sent as
 * null counts as absent: a required one is reported missing (as the original does), an optional one
 * is simply not there. The free `custom` objects are kept as sent: their nulls are the site's data.
 * Array items are kept, nulls included, so that `attributes: [null]` is still refused.
 */
export function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (value === null || typeof value !== 'object') return value;
  // NOTE: fromEntries defines own members; assigning `copy[key]` would turn a sent `__proto__`
  // member into the copy's prototype.
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, member]) => member !== null)
      .map(([key, member]) => [key, key === 'custom' ? member : withoutNulls(member)]),
  );
}
