import { Type } from '@sinclair/typebox';
import { CmsError, Errors } from '../../core/errors/index.js';
import type { RoleTree } from '../../core/auth/role-tree.js';
import type { Role } from '../../core/model/role.js';
import { sortItems } from '../../core/model/sort.js';
import type { User } from '../../core/model/user.js';
import { pagedReply, PagingQuery } from '../http/paging.js';
import { route } from '../http/route.js';
import { sortable } from '../http/sorting.js';
import { defineRoutes } from './route-module.js';
import {
  CreatedRoleSchema,
  RoleDetailSchema,
  RoleMemberSchema,
  RoleModelSchema,
  SmallRoleSchema,
  createdRoleView,
  roleChildView,
  roleDetailView,
  roleModelView,
  smallRoleView,
} from '../views/role-view.js';

const NewRole = Type.Object({
  roleName: Type.String({ minLength: 1, maxLength: 255 }),
  roleKey: Type.Optional(Type.String({ maxLength: 255 })),
  description: Type.Optional(Type.String({ maxLength: 4000 })),
  parentRoleId: Type.Optional(
    Type.Union([Type.String({ minLength: 1, maxLength: 255 }), Type.Null()], {
      description: 'The shared role (id or key) to create the role under; left out or null, a root role',
    }),
  ),
});

/** Roles are listed whole; a sort asked for is applied rather than ignored. */
const roleSort = sortable(
  { name: ['name', 'role_name', 'roleName'], key: ['key', 'role_key', 'roleKey'], id: ['id'] },
  'name',
);

/** The original's switch: each role's direct children, loaded unless it is false. */
const LoadChildren = Type.Object({
  loadChildrenRoles: Type.Optional(Type.Boolean({ description: 'Load each role’s direct children (default true)' })),
});

const RootRolesQuery = Type.Composite([roleSort.query, LoadChildren]);

const RoleSearchQuery = Type.Object({
  searchName: Type.Optional(Type.String({ maxLength: 255 })),
  searchKey: Type.Optional(Type.String({ maxLength: 255 })),
  roleId: Type.Optional(Type.String({ maxLength: 255 })),
  start: Type.Optional(Type.Integer({ minimum: 0, maximum: 999_999_999 })),
  count: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  includeUserRoles: Type.Optional(Type.Boolean()),
  includeWorkflowRoles: Type.Optional(Type.Boolean()),
});

const RoleUsersBody = Type.Object({
  userIds: Type.Array(Type.String({ minLength: 1, maxLength: 255 }), { minItems: 1, maxItems: 500 }),
});

const memberView = (user: User) => ({
  userId: user.userId,
  email: user.email,
  fullName: `${user.firstName} ${user.lastName}`.trim(),
});

/**
 * The original's role resource: roles, who holds them, and granting one role to users. Every
 * read but the check of one's own roles is for administrators, as user administration is.
 */
export default defineRoutes('roles', ['users', 'roleDirectory'], ({ users, roleDirectory }) => {
  const facts = async (tree: RoleTree, role: Role) => ({
    place: tree.place(role),
    userCount: (await roleDirectory.usersOf(role)).length,
  });
  /** A role view, with its children's views when they are to be loaded. */
  const detail = async (tree: RoleTree, role: Role, loadChildren: boolean) => {
    const children = loadChildren
      ? await Promise.all(tree.children(role).map(async (child) => roleChildView(child, await facts(tree, child))))
      : [];
    return roleDetailView(role, await facts(tree, role), children);
  };
  const details = async (roles: readonly Role[], loadChildren: boolean) => {
    const tree = await roleDirectory.tree();
    return Promise.all(roles.map((role) => detail(tree, role, loadChildren)));
  };
  return [
    route({
      method: 'POST',
      path: '/api/v1/roles',
      access: 'admin',
      summary: 'Creates a role, under parentRoleId when given',
      answers: { 404: 'no role is the parent named' },
      body: NewRole,
      response: { schema: CreatedRoleSchema },
      handler: async ({ body }) => {
        const role = await roleDirectory.createRole(body);
        return createdRoleView(role, (await roleDirectory.tree()).place(role));
      },
    }),
    route({
      method: 'DELETE',
      path: '/api/v1/roles/:roleId',
      access: 'admin',
      summary:
        'Deletes a role (by id or key) with its grants to users and its permissions; usersAffected counts the users it was granted to',
      answers: {
        403: 'a system or personal role',
        404: 'no such role',
        409: 'the role has child roles, or workflow actions assign items to it',
      },
      response: {
        schema: Type.Object({
          deleted: Type.Literal(true),
          roleId: Type.String(),
          usersAffected: Type.Integer({ minimum: 0 }),
        }),
      },
      handler: async ({ params }) => {
        const { role, usersAffected } = await roleDirectory.deleteRole(params.roleId);
        return { deleted: true as const, roleId: role.id, usersAffected };
      },
    }),
    route({
      method: 'GET',
      path: '/api/v1/roles',
      access: 'admin',
      summary:
        'The root roles (shared roles without a parent) with their direct children, by name unless orderby and direction say otherwise',
      query: RootRolesQuery,
      response: { schema: Type.Array(RoleDetailSchema) },
      handler: async ({ query }) => {
        const tree = await roleDirectory.tree();
        const roots = sortItems(tree.roots(), roleSort.read(query));
        return Promise.all(roots.map((role) => detail(tree, role, query.loadChildrenRoles ?? true)));
      },
    }),
    route({
      method: 'GET',
      path: '/api/v1/roles/_search',
      access: 'admin',
      summary:
        'Roles whose name (searchName) or key (searchKey) starts with the text, from start, count at a time (20); roleId names one role (when it names none, the search runs); includeUserRoles=false leaves out personal roles',
      query: RoleSearchQuery,
      response: { schema: Type.Array(SmallRoleSchema) },
      handler: async ({ query }) => {
        // A roleId that names no role falls back to the search, as the original's does.
        const named = query.roleId ? await roleDirectory.find(query.roleId) : undefined;
        if (named) return [smallRoleView(named)];
        const found = await roleDirectory.search({
          ...(query.searchName ? { name: query.searchName } : {}),
          ...(query.searchKey ? { key: query.searchKey } : {}),
          offset: query.start ?? 0,
          count: query.count ?? 20,
          includeUserRoles: query.includeUserRoles ?? true,
        });
        return found.map(smallRoleView);
      },
    }),
    route({
      method: 'GET',
      path: '/api/v1/roles/:roleId',
      access: 'admin',
      summary: 'One role, by id or key, with its tree members, its direct children and how many users hold it',
      answers: { 404: 'no such role' },
      query: LoadChildren,
      response: { schema: RoleDetailSchema },
      handler: async ({ params, query }) => {
        const role = await roleDirectory.role(params.roleId);
        return detail(await roleDirectory.tree(), role, query.loadChildrenRoles ?? true);
      },
    }),
    route({
      method: 'GET',
      path: '/api/v1/roles/:roleId/rolehierarchyanduserroles',
      access: 'admin',
      summary:
        'The role (with roleHierarchyForAssign, its ancestors first) and the personal roles of the users holding them (for a personal role, that role); name keeps the roles whose name starts with it',
      answers: { 404: 'no such role' },
      query: Type.Object({
        roleHierarchyForAssign: Type.Optional(Type.Boolean()),
        name: Type.Optional(Type.String({ maxLength: 255 })),
      }),
      response: { schema: Type.Array(RoleModelSchema) },
      handler: async ({ params, query }) => {
        const roles = await roleDirectory.hierarchyAndUserRoles(
          params.roleId,
          query.name,
          query.roleHierarchyForAssign ?? false,
        );
        const tree = await roleDirectory.tree();
        return roles.map((role) =>
          roleModelView(
            role,
            tree.place(role),
            tree.children(role).map((child) => child.id),
          ),
        );
      },
    }),
    route({
      method: 'GET',
      path: '/api/v1/roles/:roleId/users',
      access: 'admin',
      summary: 'The users holding a role, granted or as their personal role, by e-mail, a page at a time',
      answers: { 404: 'no such role' },
      query: PagingQuery,
      response: { schema: Type.Array(RoleMemberSchema) },
      handler: async ({ params, query }) => {
        const holders = await roleDirectory.usersOf(await roleDirectory.role(params.roleId));
        return pagedReply(
          query,
          async (page) => ({ items: holders.slice(page.offset, page.offset + page.limit), total: holders.length }),
          memberView,
        );
      },
    }),
    route({
      method: 'POST',
      path: '/api/v1/roles/:roleId/users/:userId',
      access: 'admin',
      summary: 'Grants a role to a user; granting a role the user holds already changes nothing',
      answers: { 404: 'no such role or user' },
      optionalBody: true,
      response: {
        schema: Type.Object({ granted: Type.Literal(true), roleId: Type.String(), user: RoleMemberSchema }),
      },
      handler: async ({ params }) => {
        const { role, user } = await roleDirectory.grant(params.roleId, params.userId);
        return { granted: true as const, roleId: role.id, user: memberView(user) };
      },
    }),
    route({
      method: 'DELETE',
      path: '/api/v1/roles/:roleId/users',
      access: 'admin',
      summary:
        'Takes a role from the users named (userIds); those not found, or holding it only as their personal role, are listed in skipped with a reason',
      answers: { 404: 'no such role' },
      body: RoleUsersBody,
      response: {
        schema: Type.Object({
          removedUserIds: Type.Array(Type.String()),
          skipped: Type.Array(
            Type.Object({
              userId: Type.String(),
              reason: Type.Union([Type.Literal('not_found'), Type.Literal('inherited')]),
            }),
          ),
        }),
      },
      handler: async ({ params, body }) => {
        const { removed, skipped } = await roleDirectory.removeUsers(params.roleId, body.userIds);
        return { removedUserIds: removed, skipped };
      },
    }),
    route({
      method: 'GET',
      path: '/api/v1/roles/users/:userIdOrEmail',
      access: 'admin',
      summary: 'The roles a user holds (the user named by id or e-mail): granted roles by name, then the personal role',
      answers: { 404: 'no such user' },
      response: { schema: Type.Array(RoleDetailSchema) },
      handler: async ({ params }) =>
        details(await roleDirectory.rolesOf(await users.findUser(params.userIdOrEmail)), false),
    }),
    route({
      method: 'GET',
      path: '/api/v1/roles/checkuserroles/userid/:userId/roleids/:roleIds',
      access: 'user',
      summary:
        'Whether a user holds at least one of the roles (comma-separated ids or keys); a caller who is not an administrator may ask only about themselves',
      params: Type.Object({
        userId: Type.String({ minLength: 1, maxLength: 255 }),
        roleIds: Type.String({ minLength: 1, maxLength: 4000 }),
      }),
      response: { schema: Type.Object({ checkRoles: Type.Boolean() }) },
      handler: async ({ params, principal }) => {
        if (!principal.admin && params.userId !== principal.user.userId) throw new CmsError(Errors.AUTH_FORBIDDEN);
        const references = params.roleIds.split(',').filter((r) => r.trim() !== '');
        return { checkRoles: await roleDirectory.userHasAnyRole(params.userId, references) };
      },
    }),
  ];
});
