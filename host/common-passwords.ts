import { createRequire } from 'node:module';

/**
 * The bundled list of common passwords: the ~49,000 most frequent ones in public breach corpora, as
 * zxcvbn-ts ships them (lower-case). Loaded and read once, when the first password is checked: the
 * package unpacks all its dictionaries as it loads, which cost every process (and worker thread)
 * that loads the service about 50 ms, and most check no password for long.
 */
let common: ReadonlySet<string> | undefined;

const requireHere = createRequire(import.meta.url);

/** Whether a lower-cased password is on the list (what `PasswordPolicy` is handed as `isCommon`). */
export function isCommonPassword(lowerCased: string): boolean {
  common ??= new Set(
    (requireHere('@zxcvbn-ts/language-common') as typeof import('@zxcvbn-ts/language-common')).dictionary[
      'passwords-common'
    ],
  );
  return common.has(lowerCased);
}
