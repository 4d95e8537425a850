import { Type, type Static } from '@sinclair/typebox';

const MAX_PASSWORD_LENGTH = 1024;

/**
 * A password in a user form: a string, or an array of characters as the original's clients send it
 * (its form holds the password as a `char[]`, so they send `["s","e","c",...]`). An element is one
 * UTF-16 unit or a surrogate pair, so that clients splitting by code unit or by code point both fit.
 */
export const PasswordField = Type.Union([
  Type.String({ maxLength: MAX_PASSWORD_LENGTH }),
  Type.Array(Type.String({ minLength: 1, maxLength: 2 }), { maxItems: MAX_PASSWORD_LENGTH }),
]);

/** The password a `PasswordField` carries, as one string. */
export function passwordText(value: Static<typeof PasswordField>): string {
  return typeof value === 'string' ? value : value.join('');
}
