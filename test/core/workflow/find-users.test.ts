import t from 'tap';
import type { Role } from '../../../core/model/role.js';
import type { User } from '../../../core/model/user.js';
import type { Repositories } from '../../../core/plugin/storage/index.js';
import { findUsers } from '../../../core/workflow/find-users.js';

const person = (userId: string, active = true): User => ({
  userId,
  email: `${userId}@x.com`,
  firstName: userId,
  lastName: 'X',
  passwordHash: '',
  active,
  roleId: `personal-${userId}`,
  createdAt: 0,
  modDate: 0,
});
const people = [person('ann'), person('bob'), person('cid'), person('old', false)];
const roles = [{ id: 'role-1', key: 'team', name: 'Team' } as Role];
const members: Record<string, string[]> = { 'role-1': ['bob', 'cid', 'old'] };

/** Only what findUsers reads. */
const tx = {
  users: {
    findById: async (id: string) => people.find((u) => u.userId === id),
    findByEmail: async (email: string) => people.find((u) => u.email === email.toLowerCase()),
    listByRole: async (roleId: string) => people.filter((u) => members[roleId]?.includes(u.userId)),
  },
  roles: {
    findById: async (id: string) => roles.find((r) => r.id === id),
    findByKey: async (key: string) => roles.find((r) => r.key === key),
  },
} as unknown as Repositories;

t.test('ids, addresses, role keys and role ids; each user once; inactive users left out', async (t) => {
  const found = await findUsers(tx, [
    'ann',
    ' BOB@x.com ',
    'team',
    'role-1',
    'someone@y.com',
    'cid@x.com',
    '',
    'ghost',
  ]);
  t.strictSame(
    found.users.map((u) => u.userId),
    ['ann', 'bob', 'cid'],
  );
  t.strictSame(found.addresses, ['someone@y.com'], 'an address of no user is kept as an address; a user’s is theirs');
  t.strictSame(found.unknown, ['ghost']);
  t.strictSame(found.users[0], { userId: 'ann', email: 'ann@x.com', firstName: 'ann', lastName: 'X' }, 'no secrets');
});

t.test('an inactive user, by id or address, names nobody', async (t) => {
  const found = await findUsers(tx, ['old', 'old@x.com']);
  t.strictSame(found, { users: [], addresses: [], unknown: ['old', 'old@x.com'] });
});
