/**
 * Adds one value of a key to members being gathered: a key sent twice becomes a list, and the list
 * grows in place (copying it for every value made a repeated key quadratic in the body).
 */
export function addMember(members: Map<string, unknown>, key: string, value: unknown): void {
  const before = members.get(key);
  if (before === undefined) members.set(key, value);
  else if (Array.isArray(before)) before.push(value);
  else members.set(key, [before, value]);
}

/**
 * Members gathered in a map as a plain object. `fromEntries` defines own members: a key such as
 * `__proto__` or `constructor` is a member like any other, never the object's prototype.
 */
export const membersObject = (members: Map<string, unknown>): Record<string, unknown> => Object.fromEntries(members);
