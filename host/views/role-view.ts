import { Type, type Static } from '@sinclair/typebox';
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

/**
 * A role as the original's role reads answer it (`dbfqn` and `fqn` in lower case, as its JSON
 * names them): its own members, and the tree members of a role
 * that is a root without children (roles form no tree here), with how many users hold it.
 */
export const RoleDetailSchema = Type.Composite([
  RoleSchema,
  Type.Object({
    dbfqn: Type.String({ description: 'The path of ids from the root: the id itself' }),
    fqn: Type.String({ description: 'The path of names from the root: the name itself' }),
    parent: Type.String({ description: 'A root role is its own parent' }),
    editPermissions: Type.Boolean(),
    editUsers: Type.Boolean(),
    editLayouts: Type.Boolean(),
    locked: Type.Boolean({ description: 'Seeded by the service' }),
    roleChildren: Type.Array(RoleSchema, { description: 'Always empty: roles form no tree here' }),
    childCount: Type.Integer({ minimum: 0 }),
    userCount: Type.Integer({ minimum: 0, description: 'Users holding the role, granted or as their personal role' }),
  }),
]);

export function roleDetailView(role: Role, userCount: number): Static<typeof RoleDetailSchema> {
  return {
    ...roleView(role),
    dbfqn: role.id,
    fqn: role.name,
    parent: role.id,
    editPermissions: true,
    editUsers: !role.personal,
    editLayouts: !role.personal,
    locked: role.system,
    roleChildren: [],
    childCount: 0,
    userCount,
  };
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
