import type { Principal } from './principal.js';

/**
 * Whether the caller is a back-end user: an administrator, or a holder of the back-end user role
 * (`backend user`, seeded). Everyone else signed in is a front-end user, who only gets what
 * visitors of the sites get.
 */
export function isBackEndUser(caller: Principal | null, backEndUserRoleId: string): boolean {
  return !!caller && (caller.admin || caller.roleIds.includes(backEndUserRoleId));
}
