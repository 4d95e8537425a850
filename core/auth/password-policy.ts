import { CmsError, Errors } from '../errors/index.js';

/**
 * The longest password accepted. scrypt hashes any length, but there is no reason to make it hash
 * a megabyte of input on a request; 256 characters is far beyond what anyone types or a manager makes.
 */
export const PASSWORD_MAX_LENGTH = 256;

export interface PasswordPolicyOptions {
  /** Fewest characters (Unicode code points) a password may have. */
  minLength: number;
  /**
   * Whether a password, lower-cased, is one of the most common ones. The host answers from a
   * bundled list; core reads no files, so it is handed the check.
   */
  isCommon?: (lowerCased: string) => boolean;
}

/**
 * The rules for passwords set through the interface: long enough, not absurdly long, and not one of
 * the passwords attackers try first (compared case-insensitively). No composition rules (a digit, a
 * capital letter): length and a block list are what NIST SP 800-63B recommends.
 */
export class PasswordPolicy {
  private readonly isCommon: (lowerCased: string) => boolean;

  constructor(private readonly options: PasswordPolicyOptions) {
    this.isCommon = options.isCommon ?? (() => false);
  }

  /** Throws the error of the first rule the password breaks, naming the field `password`. */
  check(password: string): void {
    const broken = this.weakness(password);
    if (broken) throw broken;
  }

  /** The error of the first rule the password breaks, or undefined when it keeps them all. */
  weakness(password: string): CmsError | undefined {
    const on = { fieldName: 'password' };
    // Code points, not UTF-16 units: an emoji is one character to the person typing it.
    const length = [...password].length;
    if (length < this.options.minLength)
      return new CmsError(Errors.USER_PASSWORD_TOO_SHORT, { min: this.options.minLength }, on);
    if (length > PASSWORD_MAX_LENGTH)
      return new CmsError(Errors.USER_PASSWORD_TOO_LONG, { max: PASSWORD_MAX_LENGTH }, on);
    if (this.isCommon(password.toLowerCase())) return new CmsError(Errors.USER_PASSWORD_TOO_COMMON, undefined, on);
    return undefined;
  }
}
