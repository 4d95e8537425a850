import type { CmsError } from '../errors/index.js';
import { PERMISSION_BITS, type PermissionName } from '../model/permission.js';
import type { CheckOptions, PermissionAsset, PermissionCheck } from './permission-service.js';

/**
 * Checks a permission on an asset the caller named by id. One the caller may not even READ is
 * answered with `unknown()`, the very error an id that names nothing gets, so neither the status
 * nor the body tells a caller which ids exist. A caller who may read it but not do more gets the
 * usual `PERMISSION_DENIED`: it already knows the asset is there.
 *
 * `seen` says how the caller could have come to know the asset (by default as `options` says): an
 * item with a live version is known to whoever may read that version, anonymous grants included,
 * so refusing such a caller its working version is a 403, not a 404.
 */
export async function checkKnown(check: PermissionCheck, asset: PermissionAsset, rule: KnownRule): Promise<void> {
  const { permission, unknown, options } = rule;
  const seen = rule.seen ?? options;
  // Most checks pass: one look-up answers them when `seen` asks at least as much as `options`
  // (a live read counts the anonymous role's grants besides the caller's, never fewer), since the
  // bits held under `options` are then held under `seen` too. (A read of a cached item asked twice.)
  const held = await check.bits(asset, options);
  const bit = PERMISSION_BITS[permission];
  if ((held & bit) === bit && (held & READ) === READ && (!!seen?.live || !options?.live)) return;
  if (!(await check.has(asset, 'READ', seen))) throw unknown();
  await check.check(asset, permission, options);
}

const READ = PERMISSION_BITS.READ;

/** What `checkKnown` asks: the permission, the error of an unknown id, and how the check is made. */
export interface KnownRule {
  permission: PermissionName;
  unknown: () => CmsError;
  options?: CheckOptions;
  seen?: CheckOptions;
}
