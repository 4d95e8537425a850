import { Type } from '@sinclair/typebox';
import { route } from '../http/route.js';
import {
  AssetPermissionsSchema,
  PermissionEntrySchema,
  PermissionMetadataSchema,
  PermissionsByTypeSchema,
} from '../views/permission-view.js';
import { defineRoutes } from './route-module.js';

const AssetParams = Type.Object({ assetId: Type.String({ minLength: 1, maxLength: 255 }) });

const PermissionsBody = Type.Object({
  permissions: Type.Array(
    Type.Object({
      roleId: Type.String({ minLength: 1, maxLength: 255 }),
      permissions: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 16 }),
    }),
    { maxItems: 500 },
  ),
});

const ByContentQuery = Type.Object({
  contentletId: Type.String({ minLength: 1, maxLength: 255 }),
  type: Type.Optional(Type.String({ maxLength: 64 })),
});

const ByPermissionTypeQuery = Type.Object({
  userid: Type.Optional(Type.String({ maxLength: 255 })),
  permission: Type.Optional(Type.String({ maxLength: 255 })),
  permissiontype: Type.Optional(Type.String({ maxLength: 1000 })),
});

/**
 * Permissions: the original's read endpoints, and ours to give an asset its own grants or let it
 * inherit again (EDIT_PERMISSIONS on the asset; the service checks it).
 */
export default defineRoutes('permissions', ['assetPermissions'], ({ assetPermissions }) => [
  route({
    method: 'GET',
    path: '/api/v1/permissions',
    access: 'user',
    summary: 'The permission levels and scopes that exist',
    response: { schema: PermissionMetadataSchema },
    handler: () => assetPermissions.metadata(),
  }),
  route({
    method: 'GET',
    path: '/api/v1/permissions/_bycontent',
    access: 'user',
    summary: "A content item's permissions, one entry per role and permission (administrators)",
    query: ByContentQuery,
    response: { schema: Type.Array(PermissionEntrySchema) },
    answers: { 404: 'no such content' },
    handler: ({ query, principal }) => assetPermissions.byContent(principal, query.contentletId, query.type ?? 'READ'),
  }),
  route({
    method: 'GET',
    path: '/api/v1/permissions/_bypermissiontype',
    access: 'user',
    summary: 'Whether a user may read or write assets of each kind (oneself, or anyone for administrators)',
    query: ByPermissionTypeQuery,
    response: { schema: PermissionsByTypeSchema },
    answers: { 404: 'no such user' },
    handler: ({ query, principal }) =>
      assetPermissions.byPermissionType(principal, {
        userId: query.userid,
        permission: query.permission,
        permissionType: query.permissiontype,
      }),
  }),
  route({
    method: 'GET',
    path: '/api/v1/permissions/:assetId',
    access: 'user',
    summary: "An asset's permissions: its own or inherited, and what the caller may do",
    params: AssetParams,
    response: { schema: AssetPermissionsSchema },
    answers: { 404: 'no such site, folder, content type or content' },
    handler: ({ params, principal }) => assetPermissions.ofAsset(principal, params.assetId),
  }),
  route({
    method: 'PUT',
    path: '/api/v1/permissions/:assetId',
    access: 'user',
    summary: 'Gives an asset permissions of its own, replacing any it had (needs EDIT_PERMISSIONS)',
    params: AssetParams,
    response: { schema: AssetPermissionsSchema },
    body: PermissionsBody,
    answers: { 404: 'no such site, folder, content type or content' },
    handler: ({ params, body, principal }) => assetPermissions.replace(principal, params.assetId, body.permissions),
  }),
  route({
    method: 'PUT',
    path: '/api/v1/permissions/:assetId/_reset',
    access: 'user',
    summary: 'Lets an asset inherit its permissions again (needs EDIT_PERMISSIONS)',
    params: AssetParams,
    response: { schema: AssetPermissionsSchema },
    answers: { 404: 'no such site, folder, content type or content' },
    handler: ({ params, principal }) => assetPermissions.reset(principal, params.assetId),
  }),
]);
