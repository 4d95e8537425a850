import t from 'tap';
import { PermissionService } from '../../../core/auth/permission-service.js';
import type { Definitions } from '../../../core/definitions/definition-cache.js';
import { anonymousRefusal, isAnonymous, saveCaller } from '../../../core/legacy-save/anonymous-save.js';
import { CmsError, Errors } from '../../../core/errors/index.js';
import type { ContentType } from '../../../core/model/content-type.js';
import type { ContentIdentifier } from '../../../core/model/contentlet.js';
import { SEED_IDS } from '../../../core/setup/seed-installation.js';

const signedIn = { user: { userId: 'u1' }, roleIds: [], admin: false } as never;

t.test('an anonymous caller may save only with WRITE and without rejecting requests with no user', async (t) => {
  t.equal(saveCaller(signedIn, { access: 'NONE', rejectWithNoUser: true }), signedIn, 'signed in: as it is');
  for (const [access, rejectWithNoUser] of [
    ['NONE', false],
    ['READ', false],
    ['WRITE', true],
  ] as const) {
    t.throws(() => saveCaller(null, { access, rejectWithNoUser }), { code: 'LEGACY_ANONYMOUS_REFUSED' });
  }
  const anonymous = saveCaller(null, { access: 'WRITE', rejectWithNoUser: false });
  t.ok(isAnonymous(anonymous));
  t.same(anonymous.roleIds, [SEED_IDS.anonymousRole], 'only the CMS Anonymous role');
  t.equal(anonymous.admin, false);
});

t.test('a permission refusal of an anonymous save is a 401; other errors pass', async (t) => {
  const denied = new CmsError(Errors.PERMISSION_DENIED, { user: 'anonymous', permission: 'WRITE', asset: 'x' });
  t.match(anonymousRefusal(denied), { code: 'LEGACY_ANONYMOUS_REFUSED', kind: 'unauthenticated' });
  const invalid = new CmsError(Errors.CONTENT_TYPE_REQUIRED);
  t.equal(anonymousRefusal(invalid), invalid);
});

t.test('anonymous callers never stand as the owner of what an anonymous caller created', async (t) => {
  const roles = { anonymous: SEED_IDS.anonymousRole, owner: 'owner-role' };
  const definitions = {
    grants: async (id: string) => (id === 'site-1' ? [{ roleId: 'owner-role', bits: 2 }] : undefined),
    folderAt: async () => undefined,
  } as unknown as Definitions;
  const asset = {
    kind: 'content' as const,
    identifier: { identifier: 'i', host: 'site-1', parentPath: '/', owner: 'anonymous' } as ContentIdentifier,
    type: { id: 't', host: 'site-1' } as ContentType,
  };
  const anonymous = saveCaller(null, { access: 'WRITE', rejectWithNoUser: false });
  t.equal(await new PermissionService(roles).for(definitions, anonymous).bits(asset), 0);
});
