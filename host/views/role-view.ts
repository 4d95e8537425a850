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
