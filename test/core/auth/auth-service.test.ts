import { withUnitOfWork } from '../../../core/transactions/unit-of-work.js';
import t from 'tap';
import type { Test } from 'tap';
import { AuthService, type AuthSettings } from '../../../core/auth/auth-service.js';
import { HashQueue } from '../../../core/auth/hash-queue.js';
import {
  DEFAULT_PASSWORD_HASH_COST,
  hashPassword,
  isValidPasswordHashCost,
  verifyPassword,
} from '../../../core/auth/password-hasher.js';
import { PasswordPolicy } from '../../../core/auth/password-policy.js';
import { UserService } from '../../../core/auth/user-service.js';
import { Config } from '../../../core/config/config.js';
import type { CmsError } from '../../../core/errors/index.js';
import { silentLogger } from '../../../core/logger.js';
import type { Storage } from '../../../core/plugin/storage/index.js';
import { seedInstallation } from '../../../core/setup/seed-installation.js';
import sqlitePlugin from '../../../plugins/storage/sqlite/index.js';
import { tempDataDir } from '../../helpers/test-app.js';

const settings: AuthSettings = {
  sessionTimeoutMs: 30 * 60_000,
  credentialCacheMs: 60_000,
  sessionCacheMs: 5_000,
  maxSessionsPerUser: 3,
  throttle: {
    maxFailures: 5,
    maxAddressFailures: 20,
    maxAccountFailures: 20,
    windowMs: 900_000,
    lockMs: 30_000,
    maxLockMs: 900_000,
  },
};

async function setup(
  t: Test,
): Promise<{ storage: Storage; auth: AuthService; clock: { now: number }; hashes: HashQueue }> {
  const dataDir = tempDataDir(t);
  const [driver] = (await sqlitePlugin.setup({ config: new Config(), logger: silentLogger, dataDir })).storageDrivers!;
  const storage = withUnitOfWork(
    await driver!.open({ config: new Config(), dataDir, logger: silentLogger }),
    silentLogger,
  );
  await storage.migrate();
  await seedInstallation(storage, 'right-password', silentLogger);
  t.teardown(() => storage.close());
  const clock = { now: Date.now() };
  const hashes = new HashQueue({ concurrency: 2, maxWaiting: 8 });
  return { storage, auth: new AuthService({ storage, settings, hashes, now: () => clock.now }), clock, hashes };
}

t.test('password hashes are salted, self-describing and verified in constant time', async (t) => {
  const a = await hashPassword('secret');
  const b = await hashPassword('secret');
  t.not(a, b, 'salted');
  t.match(a, /^scrypt\$16384\$8\$1\$[\w-]+\$[\w-]+$/);
  t.ok(await verifyPassword('secret', a));
  t.notOk(await verifyPassword('Secret', a));
  t.notOk(await verifyPassword('secret', 'plain-text'));
  t.notOk(await verifyPassword('secret', 'scrypt$0$0$0$x$y'));
});

t.test('the hash cost is chosen per hash; a stored hash of another cost still verifies', async (t) => {
  t.equal(DEFAULT_PASSWORD_HASH_COST, 16384);
  const cheap = await hashPassword('secret', 1024);
  t.match(cheap, /^scrypt\$1024\$8\$1\$[\w-]+\$[\w-]+$/);
  t.ok(await verifyPassword('secret', cheap));
  t.notOk(await verifyPassword('Secret', cheap));
  t.ok(await verifyPassword('secret', await hashPassword('secret', 65536)), 'the largest accepted cost');
  for (const cost of [1000, 512, 131072, 0, 1024.5]) {
    t.notOk(isValidPasswordHashCost(cost), `${cost} is refused`);
    await t.rejects(hashPassword('secret', cost), /Invalid password hash cost/);
  }
});

t.test('a verified pair is trusted from the cache until it expires', async (t) => {
  const { storage, auth, clock } = await setup(t);
  t.equal((await auth.verifyPassword('admin@cms.com', 'right-password')).user.userId, 'cms.org.1');
  // Change the stored hash behind the service's back: only a cached answer can still accept the old password.
  await storage.users.update('cms.org.1', { passwordHash: await hashPassword('new-password') });
  t.equal(
    (await auth.verifyPassword('ADMIN@cms.com ', 'right-password')).admin,
    true,
    'answered from the cache, without hashing',
  );
  clock.now += settings.credentialCacheMs + 1;
  await t.rejects(
    auth.verifyPassword('admin@cms.com', 'right-password'),
    { name: 'CmsError', kind: 'unauthenticated' },
    'expired: checked against storage again',
  );
  t.ok(await auth.verifyPassword('admin@cms.com', 'new-password'));
  auth.forgetUser('cms.org.1');
  await storage.users.update('cms.org.1', { active: false });
  await t.rejects(
    auth.verifyPassword('admin@cms.com', 'new-password'),
    { name: 'CmsError', kind: 'unauthenticated' },
    'inactive users cannot sign in',
  );
});

t.test('a burst of the same credential costs one hash, never a busy refusal', async (t) => {
  const { auth, hashes } = await setup(t);
  const before = hashes.started;
  // More than the queue holds (2 running, 8 waiting): without sharing, most would be refused busy.
  const answers = await Promise.all(
    Array.from({ length: 20 }, () => auth.verifyPassword('admin@cms.com', 'right-password', { ip: '192.0.2.9' })),
  );
  t.ok(
    answers.every((p) => p.user.userId === 'cms.org.1'),
    'every request signed in',
  );
  t.equal(hashes.started - before, 1, 'one hash for all of them');
  const wrong = await Promise.all(
    Array.from({ length: 20 }, () =>
      auth.verifyPassword('admin@cms.com', 'wrong-password', { ip: '192.0.2.9' }).catch((e: CmsError) => e.code),
    ),
  );
  t.same(new Set(wrong), new Set(['AUTH_INVALID_USER']), 'a wrong one is refused alike for each');
});

t.test('sessions: created, resolved, refreshed, expired and ended', async (t) => {
  const { storage, auth, clock } = await setup(t);
  const token = await auth.createSession('cms.org.1');
  t.equal((await auth.resolveSession(token))?.user.userId, 'cms.org.1');
  t.equal(await auth.resolveSession('x'.repeat(43)), undefined, 'unknown token');
  t.equal(await auth.resolveSession('short'), undefined);
  t.equal(await storage.sessions.find(token), undefined, 'the token itself is never stored (only its hash)');

  clock.now += 10 * 60_000;
  t.ok(await auth.resolveSession(token), 'still alive after 10 idle minutes');
  clock.now += 25 * 60_000;
  t.ok(await auth.resolveSession(token), 'the previous use extended it');
  clock.now += settings.sessionTimeoutMs + 1;
  t.equal(await auth.resolveSession(token), undefined, 'expired after the idle timeout');

  const second = await auth.createSession('cms.org.1');
  await auth.endSession(second);
  t.equal(await auth.resolveSession(second), undefined, 'ended');
});

t.test('users are looked up by id and e-mail; an inactive or unknown user is never answered', async (t) => {
  const { storage, auth } = await setup(t);
  const byId = await auth.findUserById('cms.org.1');
  t.equal(byId?.user.email, 'admin@cms.com');
  t.equal(byId?.admin, true, 'with the roles the user holds');
  t.equal((await auth.findUserByEmail(' ADMIN@cms.com '))?.user.userId, 'cms.org.1', 'e-mail is case-insensitive');
  t.equal(await auth.findUserById('nobody'), undefined);
  t.equal(await auth.findUserByEmail('nobody@x.com'), undefined);
  t.equal(await auth.findUserByEmail(''), undefined);
  t.equal(await auth.findUserById('x'.repeat(1000)), undefined);
  await storage.users.update('cms.org.1', { active: false });
  t.ok(await auth.findUserById('cms.org.1'), 'answered from the cache until the user is forgotten');
  auth.forgetUser('cms.org.1');
  t.equal(await auth.findUserById('cms.org.1'), undefined, 'inactive');
  t.equal(await auth.findUserByEmail('admin@cms.com'), undefined, 'inactive');
});

t.test('a user holds at most auth.session.max.per.user live sessions; a new sign-in ends the oldest', async (t) => {
  const { storage, auth, clock } = await setup(t);
  const tokens: string[] = [];
  for (let i = 0; i < 4; i++) {
    clock.now += 1000;
    tokens.push(await auth.createSession('cms.org.1'));
  }
  t.equal((await storage.sessions.listByUser('cms.org.1')).length, 3);
  t.equal(await auth.resolveSession(tokens[0]!), undefined, 'the oldest ended');
  for (const token of tokens.slice(1)) t.ok(await auth.resolveSession(token), 'the three newest live');
});

t.test('unknown, inactive and known accounts each cost exactly one hash and get the same answer', async (t) => {
  const { storage, auth, hashes } = await setup(t);
  const users = new UserService({ storage, passwordPolicy: new PasswordPolicy({ minLength: 8 }), hashes });
  const inactive = await users.createUser({
    email: 'gone@cms.com',
    firstName: 'G',
    lastName: 'One',
    password: 'gone-password',
  });
  await storage.users.update(inactive.userId, { active: false });
  const answers: Array<{ code: unknown; hashes: number }> = [];
  for (const email of ['admin@cms.com', 'nobody@cms.com', 'gone@cms.com', '']) {
    const before = hashes.started;
    const error = await auth.verifyPassword(email, 'wrong', { ip: '192.0.2.1' }).catch((e: unknown) => e);
    answers.push({ code: (error as CmsError).code, hashes: hashes.started - before });
  }
  t.same(answers, Array(4).fill({ code: 'AUTH_INVALID_USER', hashes: 1 }));
  const before = hashes.started;
  await t.rejects(auth.verifyPassword('gone@cms.com', 'gone-password', { ip: '192.0.2.2' }), {
    code: 'AUTH_INVALID_USER',
  });
  t.equal(hashes.started - before, 1, 'the right password of an inactive user: one hash, the same refusal');
});

t.test('failures are counted per client address', async (t) => {
  const { auth } = await setup(t);
  for (let i = 0; i < settings.throttle.maxFailures; i++)
    await t.rejects(auth.verifyPassword('admin@cms.com', 'wrong', { ip: '192.0.2.1' }), { code: 'AUTH_INVALID_USER' });
  await t.rejects(auth.verifyPassword('admin@cms.com', 'right-password', { ip: '192.0.2.1' }), {
    code: 'AUTH_TOO_MANY_ATTEMPTS',
  });
  t.ok(await auth.verifyPassword('admin@cms.com', 'right-password', { ip: '198.51.100.1' }), 'another address gets in');
  await t.rejects(
    auth.verifyPassword('admin@cms.com', 'right-password', { ip: '192.0.2.1' }),
    { code: 'AUTH_TOO_MANY_ATTEMPTS' },
    'the held-back address is refused even a cached pair',
  );
});
