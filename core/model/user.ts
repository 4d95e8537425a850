/** A back-end user. The password is only ever held as a salted slow hash. */
export interface User {
  userId: string;
  /** Stored lower-case: sign-in by e-mail is case-insensitive. */
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  active: boolean;
  /** The user's personal role, so that a user can stand wherever a role can (whoCanUse, permissions). */
  roleId: string;
  createdAt: number;
  modDate: number;
}

/** The identifier of the administrator created at first start. */
export const ADMIN_USER_ID = 'cms.org.1';
export const ADMIN_EMAIL = 'admin@cms.com';
