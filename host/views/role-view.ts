import type { Role } from '../../core/model/role.js';

export function roleView(role: Role) {
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
