import { CmsError, Errors } from '../errors/index.js';
import type { Role } from '../model/role.js';
import type { User } from '../model/user.js';
import type { Storage } from '../plugin/storage/index.js';
import { roleByReference } from './role-by-reference.js';

/** Why a user named in a removal from a role was left as they were (the original's reasons). */
export type SkipReason = 'not_found' | 'inherited';

export interface RoleSearch {
  /** Roles whose name starts with this, ignoring case. */
  name?: string;
  /** Roles whose key starts with this, ignoring case (wins over `name`). */
  key?: string;
  offset: number;
  count: number;
  includeUserRoles: boolean;
}

/**
 * Reading roles and who holds them, and granting or removing one role for users: the original's
 * role resource. Roles here form no tree: every shared role is a root, without children, so a
 * role's hierarchy is the role itself. A user holds their personal role and the roles granted.
 */
export class RoleDirectory {
  private readonly storage: Storage;

  constructor(options: { storage: Storage }) {
    this.storage = options.storage;
  }

  /** The role a reference (id or key) names, or undefined. */
  find(reference: string): Promise<Role | undefined> {
    return roleByReference(this.storage.roles, reference);
  }

  async role(reference: string): Promise<Role> {
    const role = await this.find(reference);
    if (!role) throw new CmsError(Errors.ROLE_NOT_FOUND, { role: reference });
    return role;
  }

  /** The shared roles, by name: with no tree, each is a root. */
  rootRoles(): Promise<Role[]> {
    return this.storage.roles.list();
  }

  /** Users holding the role, granted or as their personal role, by e-mail. */
  usersOf(role: Role): Promise<User[]> {
    return this.storage.users.listByRole(role.id);
  }

  /**
   * The role (its hierarchy: no tree here, so itself) and the personal roles of the users holding
   * it; for a personal role, that role alone. `namePrefix` keeps the roles whose name starts with it
   * (`*` ignored, case ignored), as the original filters them.
   */
  async hierarchyAndUserRoles(reference: string, namePrefix?: string): Promise<Role[]> {
    const role = await this.role(reference);
    const roles = [role];
    if (!role.personal)
      for (const user of await this.usersOf(role)) {
        const personal = await this.storage.roles.findById(user.roleId);
        if (personal && personal.id !== role.id) roles.push(personal);
      }
    const prefix = namePrefix?.replaceAll('*', '').toLowerCase();
    return prefix ? roles.filter((r) => r.name.toLowerCase().startsWith(prefix)) : roles;
  }

  /** Whether the user holds at least one of the roles (by id or key); false for an unknown user. */
  async userHasAnyRole(userId: string, references: readonly string[]): Promise<boolean> {
    const user = await this.storage.users.findById(userId);
    if (!user) return false;
    const held = new Set([user.roleId, ...(await this.storage.users.roleIdsOf(user.userId))]);
    for (const reference of references) {
      const role = await roleByReference(this.storage.roles, reference.trim());
      if (role && held.has(role.id)) return true;
    }
    return false;
  }

  /** The roles a user holds: granted ones by name, then their personal role. */
  async rolesOf(user: User): Promise<Role[]> {
    const roles: Role[] = [];
    for (const id of await this.storage.users.roleIdsOf(user.userId)) {
      const role = await this.storage.roles.findById(id);
      if (role) roles.push(role);
    }
    roles.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
    const personal = await this.storage.roles.findById(user.roleId);
    return personal ? [...roles, personal] : roles;
  }

  /**
   * Roles whose name (or key) starts with the text, a page at a time; personal roles only when
   * `includeUserRoles`. The original's `_search`.
   */
  async search(query: RoleSearch): Promise<Role[]> {
    const key = query.key?.toLowerCase();
    const name = query.name?.toLowerCase();
    // Shared roles are few and come first; personal roles (one a user) are paged by storage.
    const shared = (await this.storage.roles.list()).filter((r) =>
      key ? r.key.toLowerCase().startsWith(key) : name ? r.name.toLowerCase().startsWith(name) : true,
    );
    const page = shared.slice(query.offset, query.offset + query.count);
    const wanted = query.count - page.length;
    if (!query.includeUserRoles || wanted <= 0) return page;
    const prefix = key
      ? { column: 'key' as const, text: key }
      : name
        ? { column: 'name' as const, text: name }
        : undefined;
    const personal = await this.storage.roles.listPersonal({
      offset: Math.max(0, query.offset - shared.length),
      limit: wanted,
      ...(prefix ? { prefix } : {}),
    });
    return [...page, ...personal.items];
  }

  /** Grants a shared role to a user; answers the user (holding it already is no error). */
  async grant(reference: string, userId: string): Promise<{ role: Role; user: User }> {
    return this.storage.transaction(async (tx) => {
      const role = await roleByReference(tx.roles, reference);
      if (!role) throw new CmsError(Errors.ROLE_NOT_FOUND, { role: reference });
      if (role.personal) throw new CmsError(Errors.USER_ROLE_UNKNOWN, { role: reference });
      const user = await tx.users.findById(userId);
      if (!user) throw new CmsError(Errors.USER_NOT_FOUND, { user: userId });
      await tx.users.grantRoles(user.userId, [role.id]);
      return { role, user };
    });
  }

  /**
   * Removes the role from each user named: those not found, or not holding it by a grant (a
   * personal role cannot be taken away), are reported as skipped rather than failing the rest.
   */
  async removeUsers(
    reference: string,
    userIds: readonly string[],
  ): Promise<{ role: Role; removed: string[]; skipped: { userId: string; reason: SkipReason }[] }> {
    return this.storage.transaction(async (tx) => {
      const role = await roleByReference(tx.roles, reference);
      if (!role) throw new CmsError(Errors.ROLE_NOT_FOUND, { role: reference });
      const removed: string[] = [];
      const skipped: { userId: string; reason: SkipReason }[] = [];
      for (const userId of new Set(userIds)) {
        const user = await tx.users.findById(userId);
        if (!user) {
          skipped.push({ userId, reason: 'not_found' });
          continue;
        }
        const granted = await tx.users.roleIdsOf(userId);
        if (!granted.includes(role.id)) {
          skipped.push({ userId, reason: 'inherited' });
          continue;
        }
        await tx.users.replaceRoles(
          userId,
          granted.filter((id) => id !== role.id),
        );
        removed.push(userId);
      }
      return { role, removed, skipped };
    });
  }
}
