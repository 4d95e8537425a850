import { Type } from '@sinclair/typebox';
import { PERMISSION_NAMES } from '../../core/model/permission.js';

// The permission endpoints answer what `AssetPermissionService` (core) returns as it is: these are
// the shapes of those answers, for the OpenAPI document.

const PermissionNameSchema = Type.Union(
  PERMISSION_NAMES.map((name) => Type.Literal(name)),
  { description: 'A permission level' },
);

const AssetKindSchema = Type.Union([
  Type.Literal('site'),
  Type.Literal('folder'),
  Type.Literal('contentType'),
  Type.Literal('content'),
  Type.Literal('menuLink'),
]);

/** `GET /api/v1/permissions`: the levels and scopes that exist. */
export const PermissionMetadataSchema = Type.Object({
  levels: Type.Array(PermissionNameSchema),
  scopes: Type.Array(Type.String()),
});

/** An asset's permissions (`AssetPermissions`): its own or inherited, and what the caller may do. */
export const AssetPermissionsSchema = Type.Object({
  assetId: Type.String(),
  assetType: AssetKindSchema,
  inheriting: Type.Boolean({ description: 'True while the asset has no permissions of its own' }),
  inheritsFrom: Type.Array(Type.Object({ kind: AssetKindSchema, id: Type.String() }), {
    description: 'The assets whose grants it inherits (empty when it has its own)',
  }),
  permissions: Type.Array(Type.Object({ roleId: Type.String(), permissions: Type.Array(PermissionNameSchema) }), {
    description: "The grants in effect; only the caller's roles' unless the caller may edit them",
  }),
  userPermissions: Type.Array(PermissionNameSchema, { description: 'What the caller may do on the asset' }),
});

/** One entry of the original's `_bycontent` answer: one role holding one permission. */
export const PermissionEntrySchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  inode: Type.String({ description: 'The asset the grant is held on' }),
  roleId: Type.String(),
  permission: PermissionNameSchema,
  bitPermission: Type.Boolean(),
  type: Type.Union([Type.Literal('individual'), Type.Literal('inherited')]),
});

/** The original's `_bypermissiontype` answer: per kind of asset (`CONTENTLETS`, `FOLDERS` …), what the user may do. */
export const PermissionsByTypeSchema = Type.Record(
  Type.String({ description: 'A kind of asset, upper case' }),
  Type.Object(
    { canRead: Type.Optional(Type.Boolean()), canWrite: Type.Optional(Type.Boolean()) },
    { additionalProperties: false, description: 'Only the permissions asked for (`permission`; default both)' },
  ),
);
