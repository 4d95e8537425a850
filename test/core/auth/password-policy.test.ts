import t from 'tap';
import { PASSWORD_MAX_LENGTH, PasswordPolicy } from '../../../core/auth/password-policy.js';
import { Errors, isCmsError } from '../../../core/errors/index.js';

const COMMON = new Set(['qwerty123456', 'letmein']);
const policy = new PasswordPolicy({ minLength: 12, isCommon: (p) => COMMON.has(p) });

t.test('long enough, not too long and not common: accepted', async (t) => {
  t.equal(policy.weakness('a-fine-password'), undefined);
  t.doesNotThrow(() => policy.check('x'.repeat(PASSWORD_MAX_LENGTH)), 'the longest accepted');
  t.doesNotThrow(() => policy.check('x'.repeat(12)), 'exactly the minimum');
});

t.test('too short: the error names the field and the minimum', async (t) => {
  const weakness = policy.weakness('x'.repeat(11));
  t.ok(isCmsError(weakness, Errors.USER_PASSWORD_TOO_SHORT));
  t.equal(weakness?.message, 'The password must be at least 12 characters long');
  t.equal(weakness?.details[0]?.fieldName, 'password');
  t.throws(() => policy.check('short'), { code: 'USER_PASSWORD_TOO_SHORT' });
});

t.test('characters are counted as a person counts them, not as UTF-16 units', async (t) => {
  const emoji = '🔑'.repeat(11); // 22 UTF-16 units, 11 characters
  t.ok(isCmsError(policy.weakness(emoji), Errors.USER_PASSWORD_TOO_SHORT));
  t.equal(policy.weakness('🔑'.repeat(12)), undefined);
});

t.test('too long: refused before anything hashes it', async (t) => {
  const weakness = policy.weakness('x'.repeat(PASSWORD_MAX_LENGTH + 1));
  t.ok(isCmsError(weakness, Errors.USER_PASSWORD_TOO_LONG));
  t.equal(weakness?.message, `The password must be at most ${PASSWORD_MAX_LENGTH} characters long`);
});

t.test('common passwords are refused whatever their case', async (t) => {
  for (const password of ['qwerty123456', 'QWERTY123456', 'QwErTy123456'])
    t.ok(isCmsError(policy.weakness(password), Errors.USER_PASSWORD_TOO_COMMON), password);
  t.ok(
    isCmsError(policy.weakness('letmein'), Errors.USER_PASSWORD_TOO_SHORT),
    'a short common password breaks the length rule first',
  );
});

t.test('without a list, only the lengths apply', async (t) => {
  t.equal(new PasswordPolicy({ minLength: 8 }).weakness('qwerty123456'), undefined);
});
