import type { Role } from '../model/role.js';
import type { RoleRepository } from '../plugin/storage/index.js';

/**
 * The role a reference names: by its id first, else by its key, as callers and stored data name
 * roles either way (permissions, assignees, workflow users).
 */
export async function roleByReference(roles: RoleRepository, reference: string): Promise<Role | undefined> {
  return (await roles.findById(reference)) ?? (await roles.findByKey(reference));
}
