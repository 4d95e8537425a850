import type { User } from '../model/user.js';

/** Who is calling: the user and what the user holds, resolved once per request. */
export interface Principal {
  user: User;
  /** Every role the user holds, the personal role included. */
  roleIds: readonly string[];
  admin: boolean;
  /**
   * A caller who is not signed in, standing as the `CMS Anonymous` role (an anonymous legacy save).
   * Never the owner of anything: every anonymous caller shares the same user id.
   */
  anonymous?: boolean;
}
