import { Type, type Static } from '@sinclair/typebox';
import type { RolePlace } from '../../core/auth/role-tree.js';
import type { Role } from '../../core/model/role.js';

/** `roleView`'s shape, for the OpenAPI document. */
export const RoleSchema = Type.Object({
  id: Type.String(),
  roleId: Type.String({ description: 'The id again' }),
  name: Type.String(),
  roleName: Type.String({ description: 'The name again' }),
  roleKey: Type.String(),
  description: Type.String(),
  system: Type.Boolean({ description: 'Seeded by the service; cannot be removed' }),
  user: Type.Boolean({ description: 'The personal role of one user' }),
});

export function roleView(role: Role): Static<typeof RoleSchema> {
  return {
    id: role.id,
    roleId: role.id,
    name: role.name,
    roleName: role.name,
    roleKey: role.key,
    description: role.description,
    system: role.system,
    user: role.personal,
  };
}

/** The original's members of a role beyond its identity: where it stands in the tree, and its flags. */
const RoleTreeMembers = Type.Object({
  dbfqn: Type.String({ description: "The ids from the root role down to this one, joined by ' --> '" }),
  fqn: Type.String({ description: "The names from the root role down to this one, joined by ' --> '" }),
  parent: Type.String({ description: "The parent role's id; a root role is its own parent" }),
  editPermissions: Type.Boolean(),
  editUsers: Type.Boolean(),
  editLayouts: Type.Boolean(),
  locked: Type.Boolean({ description: 'Seeded by the service' }),
});

const RoleCounts = Type.Object({
  childCount: Type.Integer({ minimum: 0, description: 'Its direct child roles, whether they are loaded or not' }),
  userCount: Type.Integer({ minimum: 0, description: 'Users holding the role, granted or as their personal role' }),
});

/** A child role inside its parent's `roleChildren`: the same members, its own children not loaded. */
export const RoleChildSchema = Type.Composite([
  RoleSchema,
  RoleTreeMembers,
  RoleCounts,
  Type.Object({
    roleChildren: Type.Array(Type.Unknown(), { maxItems: 0, description: 'Always empty: one level is loaded' }),
  }),
]);

/**
 * A role as the original's role views answer it (`dbfqn` and `fqn` in lower case, as its JSON
 * names them): its tree members, its direct children when they are loaded, and how many users
 * hold it.
 */
export const RoleDetailSchema = Type.Composite([
  RoleSchema,
  RoleTreeMembers,
  RoleCounts,
  Type.Object({
    roleChildren: Type.Array(RoleChildSchema, {
      description: 'Its direct children by name when loadChildrenRoles (the default); else empty',
    }),
  }),
]);

/** What a role view needs besides the role: its place in the tree and its counts. */
export interface RoleFacts {
  place: RolePlace;
  userCount: number;
}

function treeMembers(role: Role, place: RolePlace): Static<typeof RoleTreeMembers> {
  return {
    dbfqn: place.dbfqn,
    fqn: place.fqn,
    parent: place.parent,
    editPermissions: true,
    editUsers: !role.personal,
    editLayouts: !role.personal,
    locked: role.system,
  };
}

export function roleChildView(role: Role, facts: RoleFacts): Static<typeof RoleChildSchema> {
  return {
    ...roleView(role),
    ...treeMembers(role, facts.place),
    roleChildren: [],
    childCount: facts.place.childCount,
    userCount: facts.userCount,
  };
}

export function roleDetailView(
  role: Role,
  facts: RoleFacts,
  children: readonly Static<typeof RoleChildSchema>[],
): Static<typeof RoleDetailSchema> {
  return { ...roleChildView(role, facts), roleChildren: [...children] };
}

/**
 * A role as the original answers its role model itself (the role hierarchy and user roles): the
 * tree members with the ids of its children, and no counts.
 */
export const RoleModelSchema = Type.Composite([
  RoleSchema,
  RoleTreeMembers,
  Type.Object({
    roleChildren: Type.Union([Type.Array(Type.String()), Type.Null()], {
      description: 'The ids of its direct children by name; null when it has none, as the original leaves it',
    }),
  }),
]);

export function roleModelView(
  role: Role,
  place: RolePlace,
  childIds: readonly string[],
): Static<typeof RoleModelSchema> {
  return {
    ...roleView(role),
    ...treeMembers(role, place),
    roleChildren: childIds.length > 0 ? [...childIds] : null,
  };
}

/**
 * A role just created, as the original answers it (its role as a map: `DBFQN` and `FQN` in upper
 * case there).
 */
export const CreatedRoleSchema = Type.Composite([
  RoleSchema,
  Type.Omit(RoleTreeMembers, ['dbfqn', 'fqn']),
  Type.Object({ DBFQN: RoleTreeMembers.properties.dbfqn, FQN: RoleTreeMembers.properties.fqn }),
]);

export function createdRoleView(role: Role, place: RolePlace): Static<typeof CreatedRoleSchema> {
  const { dbfqn, fqn, ...rest } = treeMembers(role, place);
  return { ...roleView(role), ...rest, DBFQN: dbfqn, FQN: fqn };
}

/** A role in the original's role search (`_search`); a personal role's name says it is a user. */
export const SmallRoleSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  roleKey: Type.String(),
  user: Type.Boolean({ description: 'The personal role of one user' }),
});

export function smallRoleView(role: Role): Static<typeof SmallRoleSchema> {
  return {
    id: role.id,
    name: role.personal ? `${role.name} (User)` : role.name,
    roleKey: role.key,
    user: role.personal,
  };
}

/** A user as role-membership answers carry them: display members only. */
export const RoleMemberSchema = Type.Object({
  userId: Type.String(),
  email: Type.String(),
  fullName: Type.String(),
});
