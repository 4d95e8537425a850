export interface Role {
  id: string;
  name: string;
  /** Unique key clients use to name the role (`CMS Administrator`). */
  key: string;
  description: string;
  /** Seeded by the service; cannot be removed. */
  system: boolean;
  /** The personal role of one user (its key is the user id). */
  personal: boolean;
  /**
   * The id of the role above this one in the role tree; null for a root. (The original stores a
   * root as its own parent; the answers still say so, storage keeps null.) Personal roles are roots.
   */
  parent: string | null;
}

/** Keys of the roles seeded at first start. */
export const ADMIN_ROLE_KEY = 'CMS Administrator';
export const ANONYMOUS_ROLE_KEY = 'CMS Anonymous';
export const OWNER_ROLE_KEY = 'CMS Owner';
export const BACKEND_USER_ROLE_KEY = 'backend user';
