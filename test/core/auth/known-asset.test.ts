import t from 'tap';
import { checkKnown } from '../../../core/auth/known-asset.js';
import type { CheckOptions, PermissionAsset, PermissionCheck } from '../../../core/auth/permission-service.js';
import { CmsError, Errors } from '../../../core/errors/index.js';
import { PERMISSION_BITS, type PermissionName } from '../../../core/model/permission.js';

// A caller's bits on one asset, working and live reads apart (a live read adds the anonymous
// role's grants, so its bits are a superset), and the look-ups a check makes.
function checkOf(bits: { working: number; live: number }) {
  const asked: boolean[] = [];
  const bitsOf = async (_asset: PermissionAsset, options?: CheckOptions) => {
    asked.push(!!options?.live);
    return options?.live ? bits.live : bits.working;
  };
  const has = async (asset: PermissionAsset, permission: PermissionName, options?: CheckOptions) =>
    ((await bitsOf(asset, options)) & PERMISSION_BITS[permission]) === PERMISSION_BITS[permission];
  const check: PermissionCheck = {
    bits: bitsOf,
    has,
    check: async (asset, permission, options) => {
      if (!(await has(asset, permission, options)))
        throw new CmsError(Errors.PERMISSION_DENIED, { user: 'u', permission, asset: 'a' });
    },
  };
  return { check, asked };
}

const asset = { kind: 'site', id: 'SYSTEM_HOST' } as unknown as PermissionAsset;
const unknown = () => new CmsError(Errors.CONTENT_VERSION_NOT_FOUND, { inode: 'x' });
const { READ, WRITE } = PERMISSION_BITS;
const codeOf = async (work: Promise<void>) =>
  work.then(
    () => 'passed',
    (error: CmsError) => error.code,
  );

t.test('a check that passes asks once when the known-through read asks at least as much', async (t) => {
  const { check, asked } = checkOf({ working: READ, live: READ });
  const rule = { permission: 'READ' as const, unknown, options: { live: false }, seen: { live: true } };
  t.equal(await codeOf(checkKnown(check, asset, rule)), 'passed');
  t.same(asked, [false], 'one look-up, of the working read');
});

t.test('unknown, forbidden, or passed: as before, whichever look-ups it takes', async (t) => {
  const working = { permission: 'READ' as const, unknown, options: { live: false } };
  t.equal(
    await codeOf(checkKnown(checkOf({ working: 0, live: 0 }).check, asset, working)),
    'CONTENT_VERSION_NOT_FOUND',
  );
  // Readable live only (through the anonymous role): known, so its working version is a 403.
  const knownLive = { ...working, seen: { live: true } };
  t.equal(await codeOf(checkKnown(checkOf({ working: 0, live: READ }).check, asset, knownLive)), 'PERMISSION_DENIED');
  const edit = { permission: 'WRITE' as const, unknown, options: { live: false } };
  t.equal(await codeOf(checkKnown(checkOf({ working: READ, live: READ }).check, asset, edit)), 'PERMISSION_DENIED');
  t.equal(
    await codeOf(checkKnown(checkOf({ working: READ | WRITE, live: READ | WRITE }).check, asset, edit)),
    'passed',
  );
  // `seen` asking less than the check (a working read to know, a live one to do): both looked up.
  const { check, asked } = checkOf({ working: 0, live: READ });
  const less = { permission: 'READ' as const, unknown, options: { live: true }, seen: { live: false } };
  t.equal(await codeOf(checkKnown(check, asset, less)), 'CONTENT_VERSION_NOT_FOUND');
  t.same(asked, [true, false]);
});
