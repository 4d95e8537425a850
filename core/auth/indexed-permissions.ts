import { PERMISSION_BITS } from '../model/permission.js';

/**
 * Who may read a content item, in the form a search index keeps it so that a search filters by the
 * caller's roles instead of checking every hit: the roles whose grants include READ, and what the
 * `CMS Owner` role (standing for the item's owner) holds. The grants are those
 * `PermissionService.resolve` answers (inherited ones included), so the index agrees with the checks.
 * Administrators read everything and are never filtered; the `CMS Anonymous` role is an ordinary
 * role here, as in the checks (a live read adds it to the caller's roles).
 */
export interface IndexedPermissions {
  /** Role ids holding READ (WRITE and PUBLISH alone do not read), the owner role left out. */
  readers: string[];
  ownerCanRead: boolean;
  ownerCanWrite: boolean;
  ownerCanPublish: boolean;
}

/** Reads the resolved grants (role id → bits); `ownerRoleId` is the `CMS Owner` role's id. */
export function indexedPermissions(grants: ReadonlyMap<string, number>, ownerRoleId: string): IndexedPermissions {
  const readers: string[] = [];
  let ownerBits = 0;
  for (const [roleId, bits] of grants) {
    if (roleId === ownerRoleId) ownerBits = bits;
    else if ((bits & PERMISSION_BITS.READ) !== 0) readers.push(roleId);
  }
  return {
    readers: readers.sort(),
    ownerCanRead: (ownerBits & PERMISSION_BITS.READ) !== 0,
    ownerCanWrite: (ownerBits & PERMISSION_BITS.WRITE) !== 0,
    ownerCanPublish: (ownerBits & PERMISSION_BITS.PUBLISH) !== 0,
  };
}
