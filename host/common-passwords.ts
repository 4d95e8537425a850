import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The bundled list of common passwords: the ~49,000 most frequent ones in public breach corpora, as
 * zxcvbn-ts ships them (lower-case). Read once, when the first password is checked.
 */
let common: ReadonlySet<string> | undefined;

/** Whether a lower-cased password is on the list (what `PasswordPolicy` is handed as `isCommon`). */
export function isCommonPassword(lowerCased: string): boolean {
  common ??= new Set(dictionary['passwords-common']);
  return common.has(lowerCased);
}
