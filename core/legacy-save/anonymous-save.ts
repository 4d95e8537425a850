import type { Principal } from '../auth/principal.js';
import type { AnonymousContentAccess } from '../content/content-reader.js';
import { CmsError, Errors } from '../errors/index.js';
import { SEED_IDS } from '../setup/seed-installation.js';

/** The settings that decide whether callers who are not signed in may save. */
export interface AnonymousSaveSettings {
  /** `CONTENT_APIS_ALLOW_ANONYMOUS` */
  access: AnonymousContentAccess;
  /** `REST_API_REJECT_WITH_NO_USER` */
  rejectWithNoUser: boolean;
}

/**
 * Who an anonymous save runs as: no user of its own, only the `CMS Anonymous` role, so that every
 * permission and whoCanUse check sees exactly what that role was granted.
 */
const ANONYMOUS: Principal = Object.freeze({
  user: Object.freeze({
    userId: 'anonymous',
    email: '',
    firstName: 'Anonymous',
    lastName: '',
    passwordHash: '',
    active: true,
    roleId: SEED_IDS.anonymousRole,
    createdAt: 0,
    modDate: 0,
  }),
  roleIds: Object.freeze([SEED_IDS.anonymousRole]),
  admin: false,
  anonymous: true,
});

/**
 * The caller a save runs as. A signed-in caller as it is; an anonymous one only when both
 * settings allow it (the spec's first two conditions), checked before the body is read. The other
 * two (the anonymous role's Add on the site and Edit on the type) are the permission checks every
 * save makes; `anonymousRefusal` words their refusal for a caller who could sign in.
 */
export function saveCaller(principal: Principal | null, settings: AnonymousSaveSettings): Principal {
  if (principal) return principal;
  if (settings.access !== 'WRITE') {
    throw new CmsError(Errors.LEGACY_ANONYMOUS_REFUSED, {
      reason: `anonymous saving needs CONTENT_APIS_ALLOW_ANONYMOUS=WRITE (it is ${settings.access})`,
    });
  }
  if (settings.rejectWithNoUser) {
    throw new CmsError(Errors.LEGACY_ANONYMOUS_REFUSED, {
      reason: 'anonymous saving needs REST_API_REJECT_WITH_NO_USER=false',
    });
  }
  return ANONYMOUS;
}

export function isAnonymous(caller: Principal): boolean {
  return caller === ANONYMOUS;
}

/** A permission or whoCanUse refusal of an anonymous save is a 401: signing in may well help. */
export function anonymousRefusal(error: unknown): unknown {
  if (!(error instanceof CmsError) || error.kind !== 'forbidden') return error;
  return new CmsError(Errors.LEGACY_ANONYMOUS_REFUSED, { reason: error.message }, { cause: error });
}
