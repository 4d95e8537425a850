import { Type } from '@sinclair/typebox';
import type { User } from '../../core/model/user.js';
import { SEED_IDS } from '../../core/setup/seed-installation.js';
import { pagination } from '../http/paging.js';
import { reply, route } from '../http/route.js';
import { sortable } from '../http/sorting.js';
import { PasswordField, passwordText } from '../route-helpers/password-field.js';
import { defineRoutes } from './route-module.js';
import {
  LoginAsUserSchema,
  UserDeletedSchema,
  UserSavedSchema,
  UserSchema,
  userSavedView,
  userView,
} from '../views/user-view.js';

/**
 * The original's user form (`PUT /api/v1/users`): the user named in the body. Roles are added to
 * those the user has, by id or key; the password may come as an array of characters.
 */
const OriginalUserForm = Type.Object({
  userId: Type.String({ minLength: 1, maxLength: 255 }),
  email: Type.Optional(Type.String({ minLength: 3, maxLength: 254 })),
  firstName: Type.Optional(Type.String({ maxLength: 100 })),
  lastName: Type.Optional(Type.String({ maxLength: 100 })),
  password: Type.Optional(PasswordField),
  roles: Type.Optional(Type.Array(Type.String({ maxLength: 255 }), { maxItems: 200 })),
});

const UserIdParam = Type.Object({ userId: Type.String({ minLength: 1, maxLength: 255 }) });

/** The original counts pages from 0 or 1 here (0 is the first page) and shows 40 by default. */
const OriginalPaging = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: 999_999_999 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  perPage: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
});

const filterSort = sortable(
  {
    email: ['email', 'emailAddress', 'emailaddress'],
    firstName: ['firstName', 'first_name', 'firstname'],
    lastName: ['lastName', 'last_name', 'lastname'],
    userId: ['userId', 'user_id', 'userid'],
    createdAt: ['createDate', 'create_date', 'createdAt'],
    modDate: ['modDate', 'mod_date'],
  },
  'email',
);

/** `query` is the original's name for the text searched; `filter` is taken too. */
const FilterQuery = Type.Composite([
  OriginalPaging,
  filterSort.query,
  Type.Object({
    query: Type.Optional(Type.String({ maxLength: 255 })),
    filter: Type.Optional(Type.String({ maxLength: 255 })),
    includeAnonymous: Type.Optional(Type.Boolean()),
    includeDefault: Type.Optional(Type.Boolean()),
  }),
]);

const LoginAsQuery = Type.Composite([
  OriginalPaging,
  Type.Object({ filter: Type.Optional(Type.String({ maxLength: 255 })) }),
]);

function readOriginalPaging(query: { page?: number; per_page?: number; perPage?: number }) {
  const page = Math.max(query.page ?? 1, 1);
  const limit = query.per_page ?? query.perPage ?? 40;
  return { page, limit, offset: (page - 1) * limit };
}

/**
 * The original's user administration beyond the basic resource: its update form, activation,
 * deletion, the user filter and the list of users one may sign in as. Administrators only.
 */
export default defineRoutes('user-admin', ['users', 'auth'], ({ users, auth }) => {
  const saved = async (user: User) => userSavedView(user, await users.rolesOf(user.userId));
  const setActive = async (userId: string, active: boolean, callerId: string) => {
    const user = await users.updateUser(userId, { active }, callerId);
    auth.forgetUser(user.userId);
    return saved(user);
  };
  return [
    route({
      method: 'PUT',
      path: '/api/v1/users',
      access: 'admin',
      summary:
        'Changes the user the body names (userId), as the original’s form: names, e-mail, password (a string or an array of characters), roles added by id or key. A new password ends the user’s sessions and API keys',
      answers: { 404: 'no such user', 409: 'another user has this e-mail' },
      body: OriginalUserForm,
      response: { schema: UserSavedSchema },
      handler: async ({ body, principal }) => {
        const user = await users.updateUser(
          body.userId,
          {
            ...(body.email !== undefined ? { email: body.email } : {}),
            ...(body.firstName !== undefined ? { firstName: body.firstName } : {}),
            ...(body.lastName !== undefined ? { lastName: body.lastName } : {}),
            ...(body.password !== undefined ? { password: passwordText(body.password) } : {}),
            ...(body.roles !== undefined ? { addRoles: body.roles } : {}),
          },
          principal.user.userId,
        );
        auth.forgetUser(user.userId);
        return saved(user);
      },
    }),
    route({
      method: 'PATCH',
      path: '/api/v1/users/activate/:userId',
      access: 'admin',
      summary: 'Activates a user',
      answers: { 404: 'no such user' },
      params: UserIdParam,
      response: { schema: UserSavedSchema },
      handler: ({ params, principal }) => setActive(params.userId, true, principal.user.userId),
    }),
    route({
      method: 'PATCH',
      path: '/api/v1/users/deactivate/:userId',
      access: 'admin',
      summary: 'Deactivates a user: their sessions, API keys and auto-login tokens end for good',
      answers: { 404: 'no such user' },
      params: UserIdParam,
      response: { schema: UserSavedSchema },
      handler: ({ params, principal }) => setActive(params.userId, false, principal.user.userId),
    }),
    route({
      method: 'DELETE',
      path: '/api/v1/users/:userId',
      access: 'admin',
      summary:
        'Deletes a user with their grants, sessions, API keys and personal role, handing the content, folders, menu links and content types they own or last modified to replacementUserId (default: the caller), another existing user; the content handed over is reindexed',
      answers: { 404: 'no such user' },
      params: UserIdParam,
      query: Type.Object({ replacementUserId: Type.Optional(Type.String({ minLength: 1, maxLength: 255 })) }),
      response: { schema: UserDeletedSchema },
      handler: async ({ params, query, principal }) => {
        const deleted = await users.deleteUser(params.userId, query.replacementUserId, principal.user.userId);
        auth.forgetUser(deleted.userId);
        return { status: 'success' as const, deletedUser: deleted.userId, reassignedTo: deleted.replacementUserId };
      },
    }),
    route({
      method: 'GET',
      path: '/api/v1/users/filter',
      access: 'admin',
      summary:
        'Users a page at a time (page from 0 or 1, per_page 40 by default), by e-mail unless orderby and direction say otherwise; query (or filter) keeps those whose e-mail or name contains it',
      query: FilterQuery,
      response: { schema: Type.Array(UserSchema) },
      handler: async ({ query }) => {
        const paging = readOriginalPaging(query);
        const text = (query.query ?? query.filter)?.trim();
        const page = await users.listUsers({
          offset: paging.offset,
          limit: paging.limit,
          sort: filterSort.read(query),
          ...(text ? { search: text } : {}),
        });
        const items = await Promise.all(page.items.map(async (u) => userView(u, await users.rolesOf(u.userId))));
        return reply(items, { pagination: pagination(paging, page.total) });
      },
    }),
    route({
      method: 'GET',
      path: '/api/v1/users/loginAsData',
      access: 'admin',
      summary:
        'Back-end users the caller may sign in as (everyone but the caller), a page at a time; requestPassword marks administrators',
      query: LoginAsQuery,
      response: { schema: Type.Array(LoginAsUserSchema) },
      handler: async ({ query, principal }) => {
        const paging = readOriginalPaging(query);
        const text = query.filter?.trim();
        // Back-end users are those holding the back-end role or the administrator role.
        const page = await users.listUsers({
          offset: paging.offset,
          limit: paging.limit,
          ...(text ? { search: text } : {}),
          active: true,
          exceptUserId: principal.user.userId,
          holdingAnyRole: [SEED_IDS.backendUserRole, SEED_IDS.adminRole],
        });
        const items = await Promise.all(
          page.items.map(async (user) => {
            const roleIds = await users.rolesOf(user.userId);
            const admin = user.roleId === SEED_IDS.adminRole || roleIds.includes(SEED_IDS.adminRole);
            return { ...userView(user, roleIds), requestPassword: admin };
          }),
        );
        return reply(items, { pagination: pagination(paging, page.total) });
      },
    }),
  ];
});
