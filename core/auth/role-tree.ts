import type { Role } from '../model/role.js';

/** What joins the ids (or names) of a role's path, as the original writes its DBFQN and FQN. */
export const ROLE_PATH_SEPARATOR = ' --> ';

/** Where a role stands in the role tree: the original's tree members of a role. */
export interface RolePlace {
  /** The parent's id; a root's own id, as the original answers it. */
  parent: string;
  /** The ids from the root down to the role (the original's DBFQN). */
  dbfqn: string;
  /** The names from the root down to the role (the original's FQN). */
  fqn: string;
  /** Its direct children. */
  childCount: number;
}

/**
 * The shared roles as a tree, built from one read of them all: they are few, and every read of the
 * role resource needs paths and child counts of several of them. Personal roles are never parents
 * (a parent must be shared), so each is a root without children. A role whose parent names no
 * role (its parent deleted while it was being created) is taken as a root rather than lost.
 */
export class RoleTree {
  private readonly byId = new Map<string, Role>();
  private readonly childrenOf = new Map<string, Role[]>();

  /** `shared` in the order children are listed in: by name ignoring case, as storage lists them. */
  constructor(shared: readonly Role[]) {
    for (const role of shared) this.byId.set(role.id, role);
    for (const role of shared) {
      if (role.parent === null || !this.byId.has(role.parent)) continue;
      const siblings = this.childrenOf.get(role.parent);
      if (siblings) siblings.push(role);
      else this.childrenOf.set(role.parent, [role]);
    }
  }

  /** The roles at the top of the tree, in the order they were given. */
  roots(): Role[] {
    return [...this.byId.values()].filter((role) => this.parentOf(role) === undefined);
  }

  /** The direct children of a role, by name. */
  children(role: Role): readonly Role[] {
    return this.childrenOf.get(role.id) ?? [];
  }

  /** The role's ancestors, then the role: root first (the original's role hierarchy). */
  path(role: Role): Role[] {
    const path = [role];
    const seen = new Set([role.id]);
    // `seen` stops at a cycle, which no write here makes but a database edited by hand might hold.
    for (let up = this.parentOf(role); up && !seen.has(up.id); up = this.parentOf(up)) {
      path.unshift(up);
      seen.add(up.id);
    }
    return path;
  }

  place(role: Role): RolePlace {
    const path = this.path(role);
    return {
      parent: path.length > 1 ? path[path.length - 2]!.id : role.id,
      dbfqn: path.map((r) => r.id).join(ROLE_PATH_SEPARATOR),
      fqn: path.map((r) => r.name).join(ROLE_PATH_SEPARATOR),
      childCount: this.children(role).length,
    };
  }

  private parentOf(role: Role): Role | undefined {
    return role.parent === null ? undefined : this.byId.get(role.parent);
  }
}
