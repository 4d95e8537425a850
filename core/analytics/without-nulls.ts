/**
 * Parsed JSON without the object members whose value is `null`, so that a member sent as null
 * counts as absent: a required one is reported missing (as the original does), an optional one is
 * simply not there. The free `custom` objects are kept as sent: their nulls are the site's data.
 * Array items are kept, nulls included, so that `attributes: [null]` is still refused.
 *
 * The value itself comes back when it holds no such member (the tracker sends none): looking costs
 * far less than copying every object of a batch, which was a fifth of the time spent parsing one.
 * Otherwise a copy; the value given is never changed.
 */
export function withoutNulls(value: unknown): unknown {
  return hasNullMember(value) ? copyWithoutNulls(value) : value;
}

function hasNullMember(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some(hasNullMember);
  for (const key of Object.keys(value)) {
    const member = (value as Record<string, unknown>)[key];
    if (member === null) return true;
    if (key !== 'custom' && hasNullMember(member)) return true;
  }
  return false;
}

function copyWithoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(copyWithoutNulls);
  if (value === null || typeof value !== 'object') return value;
  // NOTE: fromEntries defines own members; assigning `copy[key]` would turn a sent `__proto__`
  // member into the copy's prototype.
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, member]) => member !== null)
      .map(([key, member]) => [key, key === 'custom' ? member : copyWithoutNulls(member)]),
  );
}
