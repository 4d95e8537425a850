/** The permission bits, as the original numbers them. */
export const PERMISSION_BITS = {
  READ: 1,
  WRITE: 2,
  PUBLISH: 4,
  EDIT_PERMISSIONS: 8,
  CAN_ADD_CHILDREN: 16,
} as const;

export type PermissionName = keyof typeof PERMISSION_BITS;

/** Every bit: what administrators hold on everything. */
export const ALL_PERMISSION_BITS = 31;

export const PERMISSION_NAMES = Object.keys(PERMISSION_BITS) as PermissionName[];

/** What can carry permissions. */
export type PermissionAssetKind = 'site' | 'folder' | 'contentType' | 'content' | 'menuLink';

/** The bits one role holds on an asset. */
export interface PermissionGrant {
  roleId: string;
  bits: number;
}

/** The names of the bits set, in the order of PERMISSION_NAMES. */
export function permissionNames(bits: number): PermissionName[] {
  return PERMISSION_NAMES.filter((name) => (bits & PERMISSION_BITS[name]) !== 0);
}
