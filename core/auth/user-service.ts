import { randomUUID } from 'node:crypto';
import { CmsError, Errors } from '../errors/index.js';
import type { Page } from '../model/page.js';
import { BACKEND_USER_ROLE_KEY, type Role } from '../model/role.js';
import type { User } from '../model/user.js';
import type { Storage, UserQuery } from '../plugin/storage/index.js';
import type { HashQueue } from './hash-queue.js';
import { hashPassword } from './password-hasher.js';
import type { PasswordPolicy } from './password-policy.js';
import { revokeUserCredentials } from './revoke-user-credentials.js';
import { roleByReference } from './role-by-reference.js';
import type { IndexQueue } from '../search/index-queue.js';

export interface NewUser {
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  roles?: readonly string[];
  /** The id to give the user (the original's form lets the client choose it); generated when left out. */
  userId?: string;
  /** False: the user is created inactive. */
  active?: boolean;
}

/** What an administrator may change about a user; members left out stay as they are. */
export interface UserChanges {
  email?: string;
  firstName?: string;
  lastName?: string;
  /** A new password, checked against the policy; an empty one is refused. */
  password?: string;
  /** The granted roles, replacing those the user had. */
  roles?: readonly string[];
  /** Roles granted besides those the user has (ids or keys), as the original's user form grants them. */
  addRoles?: readonly string[];
  active?: boolean;
}

/**
 * An e-mail address as a sign-in name: one `@`, a local part of printable characters, and a domain
 * of dot-separated labels (letters, digits, hyphens, or any non-ASCII letter). No control characters.
 */
const EMAIL =
  /^[^\s@\p{Cc}]{1,64}@(?=.{1,253}$)[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?(?:\.[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?)+$/u;

/** Users and roles: administration used by every later area. */
export class UserService {
  private readonly storage: Storage;
  /** Governs every password set through the interface. */
  private readonly passwordPolicy: PasswordPolicy;
  /** New passwords are hashed in turn with the sign-ins, within the same bound. */
  private readonly hashes: HashQueue;
  private readonly now: () => number;
  /** Where a deletion queues the content it hands over, for the search index. */
  private readonly indexQueue: IndexQueue | undefined;

  constructor(options: {
    storage: Storage;
    /** Governs every password set through the interface. */
    passwordPolicy: PasswordPolicy;
    /** New passwords are hashed in turn with the sign-ins, within the same bound. */
    hashes: HashQueue;
    indexQueue?: IndexQueue;
    now?: () => number;
  }) {
    this.indexQueue = options.indexQueue;
    this.storage = options.storage;
    this.passwordPolicy = options.passwordPolicy;
    this.hashes = options.hashes;
    this.now = options.now ?? Date.now;
  }

  async createUser(input: NewUser): Promise<User> {
    const email = checkedEmail(input.email);
    const passwordHash = await this.newPasswordHash(input.password);
    return this.storage.transaction(async (tx) => {
      const roleIds = await sharedRoleIds(tx, input.roles ?? []);
      const userId = input.userId === undefined ? `user-${randomUUID()}` : checkedUserId(input.userId);
      const now = this.now();
      const personal: Role = {
        id: randomUUID(),
        name: `${input.firstName} ${input.lastName}`.trim() || email,
        key: userId,
        description: `Personal role of ${email}`,
        system: false,
        personal: true,
        parent: null,
      };
      await tx.roles.insert(personal);
      const user: User = {
        userId,
        email,
        firstName: input.firstName,
        lastName: input.lastName,
        passwordHash,
        active: input.active ?? true,
        roleId: personal.id,
        createdAt: now,
        modDate: now,
      };
      await tx.users.insert(user);
      await tx.users.grantRoles(userId, roleIds);
      return user;
    });
  }

  /**
   * Changes a user (`callerId`: who asks, who may not deactivate themselves). Deactivating or a new
   * password ends the user's sessions, API keys and auto-login tokens for good
   * (`revokeUserCredentials`), in the same transaction: whoever held the old password may have
   * signed in with it. The caller forgets what it cached about the user (their sessions and
   * credentials must stop working at once): see `AuthService.forgetUser`.
   */
  async updateUser(userId: string, changes: UserChanges, callerId?: string): Promise<User> {
    if (changes.active === false && userId === callerId)
      throw new CmsError(Errors.USER_SELF_DEACTIVATION, undefined, { fieldName: 'active' });
    const email = changes.email === undefined ? undefined : checkedEmail(changes.email);
    const passwordHash = changes.password === undefined ? undefined : await this.newPasswordHash(changes.password);
    return this.storage.transaction(async (tx) => {
      const user = await tx.users.findById(userId);
      if (!user) throw new CmsError(Errors.USER_NOT_FOUND, { user: userId });
      const roleIds = changes.roles === undefined ? undefined : await sharedRoleIds(tx, changes.roles);
      const added = changes.addRoles === undefined ? [] : await sharedRoleIds(tx, changes.addRoles);
      const now = this.now();
      const values: Partial<Omit<User, 'userId'>> = {
        ...(email !== undefined ? { email } : {}),
        ...(changes.firstName !== undefined ? { firstName: changes.firstName } : {}),
        ...(changes.lastName !== undefined ? { lastName: changes.lastName } : {}),
        ...(passwordHash !== undefined ? { passwordHash } : {}),
        ...(changes.active !== undefined ? { active: changes.active } : {}),
        modDate: now,
      };
      await tx.users.update(userId, values);
      if (changes.active === false || passwordHash !== undefined) await revokeUserCredentials(tx, userId, now);
      if (roleIds !== undefined) await tx.users.replaceRoles(userId, roleIds);
      if (added.length > 0) await tx.users.grantRoles(userId, added);
      return { ...user, ...values };
    });
  }

  /**
   * Deletes a user (`callerId` may not delete themselves), handing what they own or last modified
   * (content, folders, menu links, content types) to `replacementUserId`, another existing user (the
   * caller when left out), in the same transaction; the content handed over is queued for the
   * search index there too. The user's credentials end with them: the caller forgets what it cached
   * (`AuthService.forgetUser`).
   */
  async deleteUser(
    userId: string,
    replacementUserId: string | undefined,
    callerId: string,
  ): Promise<{ userId: string; replacementUserId: string }> {
    if (userId === callerId) throw new CmsError(Errors.USER_SELF_DELETION);
    const replacement = replacementUserId ?? callerId;
    return this.storage.transaction(async (tx) => {
      if (!(await tx.users.findById(userId))) throw new CmsError(Errors.USER_NOT_FOUND, { user: userId });
      if (replacement === userId || !(await tx.users.findById(replacement)))
        throw new CmsError(
          Errors.USER_REPLACEMENT_NOT_FOUND,
          { user: replacement },
          { fieldName: 'replacementUserId' },
        );
      await revokeUserCredentials(tx, userId, this.now());
      const handedOver = await tx.users.reassign(userId, replacement);
      if (this.indexQueue && handedOver.length > 0)
        await this.indexQueue.add(
          tx,
          handedOver.map((item) => ({ scope: 'item' as const, ...item })),
        );
      await tx.users.delete(userId);
      return { userId, replacementUserId: replacement };
    });
  }

  /** A user by id, else by e-mail (the original's role reads take either). */
  async findUser(idOrEmail: string): Promise<User> {
    const user = (await this.storage.users.findById(idOrEmail)) ?? (await this.storage.users.findByEmail(idOrEmail));
    if (!user) throw new CmsError(Errors.USER_NOT_FOUND, { user: idOrEmail });
    return user;
  }

  /** The hash of a password set through the interface, once the policy accepts it. */
  private async newPasswordHash(password: string): Promise<string> {
    if (password.length === 0) throw new CmsError(Errors.USER_PASSWORD_REQUIRED, undefined, { fieldName: 'password' });
    this.passwordPolicy.check(password);
    return this.hashes.run(() => hashPassword(password, this.hashes.cost));
  }

  async getUser(userId: string): Promise<User> {
    const user = await this.storage.users.findById(userId);
    if (!user) throw new CmsError(Errors.USER_NOT_FOUND, { user: userId });
    return user;
  }

  listUsers(query: UserQuery): Promise<Page<User>> {
    return this.storage.users.list(query);
  }

  rolesOf(userId: string): Promise<string[]> {
    return this.storage.users.roleIdsOf(userId);
  }

  async getRole(id: string): Promise<Role> {
    const role = await roleByReference(this.storage.roles, id);
    if (!role) throw new CmsError(Errors.ROLE_NOT_FOUND, { role: id });
    return role;
  }
}

/** A user id a client chose: letters, digits and `.`, `_`, `-`, `@`, as the original's ids are. */
function checkedUserId(given: string): string {
  if (!/^[A-Za-z0-9][A-Za-z0-9._@-]{0,99}$/.test(given))
    throw new CmsError(Errors.USER_ID_INVALID, { userId: given.slice(0, 100) }, { fieldName: 'userId' });
  return given;
}

/**
 * Role keys of the original that name a role of another key here. A front-end user is a user
 * without the back-end role: the original's front-end role grants nothing more, so it is skipped.
 */
const ORIGINAL_ROLE_KEYS: Readonly<Record<string, string | null>> = {
  DOTCMS_BACK_END_USER: BACKEND_USER_ROLE_KEY,
  DOTCMS_FRONT_END_USER: null,
};

function checkedEmail(given: string): string {
  const email = given.trim().toLowerCase();
  if (!EMAIL.test(email)) throw new CmsError(Errors.USER_EMAIL_INVALID, { email: given }, { fieldName: 'email' });
  return email;
}

/** The ids of the roles named by id or key; 400 for one that names none or a personal role (it belongs to its user). */
async function sharedRoleIds(tx: Pick<Storage, 'roles'>, references: readonly string[]): Promise<string[]> {
  const ids = new Set<string>();
  for (const given of references) {
    const alias = ORIGINAL_ROLE_KEYS[given];
    if (alias === null) continue;
    const reference = alias ?? given;
    const role = await roleByReference(tx.roles, reference);
    if (!role || role.personal) throw new CmsError(Errors.USER_ROLE_UNKNOWN, { role: given }, { fieldName: 'roles' });
    ids.add(role.id);
  }
  return [...ids];
}
