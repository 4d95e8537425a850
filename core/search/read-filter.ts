import { isBackEndUser } from '../auth/back-end-user.js';
import type { Principal } from '../auth/principal.js';

/** The roles the read rules of searches name. */
export interface SearchReadRoles {
  /** `CMS Anonymous`: callers who are not signed in; its grants count for every live version. */
  anonymous: string;
  /** `backend user`: holders (and administrators) may search working versions. */
  backendUser: string;
}

type Clause = Record<string, unknown>;

/**
 * Whether a caller's search must keep to live versions, whatever it asks or its query names:
 * everybody but back-end users (administrators and holders of the back-end role) only ever gets
 * live versions from a search, as the original's search endpoints answer them.
 */
export function livesOnly(caller: Principal | null, roles: SearchReadRoles): boolean {
  return !isBackEndUser(caller, roles.backendUser);
}

/**
 * The documents a caller may read, version by version, as the direct reads decide
 * (`PermissionService`): READ through one of the caller's own roles (`CMS Anonymous` for a caller
 * who is not signed in), or as the owner when the owner role may read; for a document of a live
 * version, READ granted to `CMS Anonymous` too. A working version that is not live therefore needs a
 * grant to the caller, however the query picks its slot. Undefined for administrators (they read
 * everything). It reads the documents' permission data, so it runs inside the engine and sizes,
 * totals and aggregations count only what passes it.
 */
export function readableFilter(caller: Principal | null, roles: SearchReadRoles): Clause | undefined {
  if (caller?.admin) return undefined;
  const own = caller ? caller.roleIds.map((id) => id.toLowerCase()) : [roles.anonymous.toLowerCase()];
  const should: Clause[] = [
    { bool: { filter: [{ term: { live: true } }, { term: { permissions: roles.anonymous.toLowerCase() } }] } },
  ];
  if (own.length > 0) should.push({ terms: { permissions: own } });
  // An anonymous caller shares one user id with every other: never the owner of anything.
  if (caller && !caller.anonymous)
    should.push({
      bool: { filter: [{ term: { owner: caller.user.userId.toLowerCase() } }, { term: { ownercanread: true } }] },
    });
  return { bool: { should, minimum_should_match: 1 } };
}

/**
 * Every filter a caller's search runs inside: live versions only for callers who are not back-end
 * users, the slot asked for (`slot`: `live`, `working`, or none when the query picks it), and what
 * the caller may read.
 */
export function searchFilters(
  caller: Principal | null,
  roles: SearchReadRoles,
  slot: 'live' | 'working' | undefined,
): Clause[] {
  const filter: Clause[] = [];
  if (livesOnly(caller, roles)) filter.push({ term: { live: true } });
  else if (slot) filter.push({ term: { [slot]: true } });
  const readable = readableFilter(caller, roles);
  if (readable) filter.push(readable);
  return filter;
}
