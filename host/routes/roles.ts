import { Type } from '@sinclair/typebox';
import { CmsError, Errors } from '../../core/errors/index.js';
import type { Role } from '../../core/model/role.js';
import type { User } from '../../core/model/user.js';
import { pagedReply, PagingQuery } from '../http/paging.js';
import { route } from '../http/route.js';
import { sortable } from '../http/sorting.js';
import { defineRoutes } from './route-module.js';
import {
  RoleDetailSchema,
  RoleMemberSchema,
  RoleSchema,
  SmallRoleSchema,
  roleDetailView,
  roleView,
  smallRoleView,
} from '../views/role-view.js';

const NewRole = Type.Object({
  roleName: Type.String({ minLength: 1, maxLength: 255 }),
  roleKey: Type.Optional(Type.String({ maxLength: 255 })),
  description: Type.Optional(Type.String({ maxLength: 4000 })),
});

/** Roles are listed whole; a sort asked for is applied rather than ignored. */
const roleSort = sortable(
  { name: ['name', 'role_name', 'roleName'], key: ['key', 'role_key', 'roleKey'], id: ['id'] },
  'name',
);

/** `loadChildrenRoles` is taken (the original's switch); roles have no children here. */
const RootRolesQuery = Type.Composite([
  roleSort.query,
  Type.Object({ loadChildrenRoles: Type.Optional(Type.Boolean()) }),
]);

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
  const detail = async (role: Role) => roleDetailView(role, (await roleDirectory.usersOf(role)).length);
  return [
    route({
      method: 'POST',
      path: '/api/v1/roles',
      access: 'admin',
      summary: 'Creates a role',
      body: NewRole,
      response: { schema: RoleSchema },
      handler: async ({ body }) => roleView(await users.createRole(body)),
    }),
    route({
      method: 'GET',
      path: '/api/v1/roles',
      access: 'admin',
      summary:
        'The root roles (every shared role: roles form no tree here), by name unless orderby and direction say otherwise',
      query: RootRolesQuery,
      response: { schema: Type.Array(RoleDetailSchema) },
      handler: async ({ query }) => Promise.all((await users.listRoles(roleSort.read(query))).map(detail)),
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
      summary: 'One role, by id or key, with its tree members and how many users hold it',
      answers: { 404: 'no such role' },
      query: Type.Object({ loadChildrenRoles: Type.Optional(Type.Boolean()) }),
      response: { schema: RoleDetailSchema },
      handler: async ({ params }) => detail(await roleDirectory.role(params.roleId)),
    }),
    route({
      method: 'GET',
      path: '/api/v1/roles/:roleId/rolehierarchyanduserroles',
      access: 'admin',
      summary:
        'The role and the personal roles of the users holding it (for a personal role, that role); name keeps the roles whose name starts with it',
      answers: { 404: 'no such role' },
      query: Type.Object({
        roleHierarchyForAssign: Type.Optional(Type.Boolean()),
        name: Type.Optional(Type.String({ maxLength: 255 })),
      }),
      response: { schema: Type.Array(RoleDetailSchema) },
      handler: async ({ params, query }) =>
        Promise.all((await roleDirectory.hierarchyAndUserRoles(params.roleId, query.name)).map(detail)),
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
        Promise.all((await roleDirectory.rolesOf(await users.findUser(params.userIdOrEmail))).map(detail)),
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
