import { randomBytes } from 'node:crypto';
import { Errors, isCmsError } from '../errors/index.js';
import { hashPassword } from '../auth/password-hasher.js';
import type { Logger } from '../logger.js';
import { DEFAULT_LANGUAGE_ID } from '../model/language.js';
import { PERMISSION_BITS, type PermissionGrant } from '../model/permission.js';
import { ADMIN_ROLE_KEY, ANONYMOUS_ROLE_KEY, BACKEND_USER_ROLE_KEY, OWNER_ROLE_KEY, type Role } from '../model/role.js';
import { DEFAULT_SITE_NAME, SYSTEM_HOST, type Site } from '../model/site.js';
import { ADMIN_EMAIL, ADMIN_USER_ID, type User } from '../model/user.js';
import { backfillFolders } from '../folder/backfill-folders.js';
import type { Repositories, Storage } from '../plugin/storage/index.js';
import { seedSystemActionMappings, seedSystemWorkflow } from '../workflow/system-workflow.js';

/**
 * Fixed identifiers, so that several processes seeding one database at once agree, and a seed
 * that lost the race fails on a unique key instead of creating a twin.
 */
export const SEED_IDS = {
  adminRole: 'e7d4e34e-5127-45fc-8123-d48b62d510e3',
  anonymousRole: '654b0931-1027-41f7-ad4d-173115ed8ec1',
  ownerRole: 'b6e8e5d4-0f4c-4c7f-9a3e-7e0d1c2b9a11',
  backendUserRole: '3f4b7c1e-9d2a-4e8b-8a6f-5c1d0e9b7a22',
  adminPersonalRole: '0b4f5a8c-6e3d-4f1a-9b2c-8d7e6f5a4b33',
  defaultSite: '8a7d5e23-da1e-420a-b4f0-471e7da8ea2d',
  defaultSiteInode: '2c9b1d4e-7f3a-4b8c-9d6e-1a2b3c4d5e66',
} as const;

export interface SeedResult {
  /** Set only on the start that created the administrator with a generated password. */
  generatedAdminPassword?: string;
  adminCreated: boolean;
}

/** The roles every installation has. */
const SYSTEM_ROLES: readonly Role[] = [
  {
    id: SEED_IDS.adminRole,
    name: 'CMS Administrator',
    key: ADMIN_ROLE_KEY,
    description: 'Administrators may do anything',
    system: true,
    personal: false,
    parent: null,
  },
  {
    id: SEED_IDS.anonymousRole,
    name: 'CMS Anonymous',
    key: ANONYMOUS_ROLE_KEY,
    description: 'Callers that are not signed in',
    system: true,
    personal: false,
    parent: null,
  },
  {
    id: SEED_IDS.ownerRole,
    name: 'CMS Owner',
    key: OWNER_ROLE_KEY,
    description: 'The owner of an item',
    system: true,
    personal: false,
    parent: null,
  },
  {
    id: SEED_IDS.backendUserRole,
    name: 'Back-end user',
    key: BACKEND_USER_ROLE_KEY,
    description: 'May sign in to the back end',
    system: true,
    personal: false,
    parent: null,
  },
];

/** The system site and the `default` site. */
function systemSites(now: number): Site[] {
  const system: Site = {
    identifier: SYSTEM_HOST,
    inode: SYSTEM_HOST,
    siteName: 'System Host',
    aliases: '',
    isDefault: false,
    system: true,
    archived: false,
    live: true,
    modUser: ADMIN_USER_ID,
    modDate: now,
  };
  const defaultSite: Site = {
    identifier: SEED_IDS.defaultSite,
    inode: SEED_IDS.defaultSiteInode,
    siteName: DEFAULT_SITE_NAME,
    aliases: '',
    isDefault: true,
    system: false,
    archived: false,
    live: true,
    modUser: ADMIN_USER_ID,
    modDate: now,
  };
  return [system, defaultSite];
}

/**
 * Creates what a fresh installation needs: system roles, the administrator, SYSTEM_HOST, the
 * `default` site, language 1 (en-US) and the System Workflow; on an upgrade, the folders existing
 * content uses. Idempotent: later starts change nothing, in particular
 * never the administrator's password.
 */
export async function seedInstallation(
  storage: Storage,
  initialAdminPassword: string | undefined,
  log: Logger,
  options: { now?: number; /** scrypt cost of the administrator's password hash. */ passwordHashCost?: number } = {},
): Promise<SeedResult> {
  const now = options.now ?? Date.now();
  for (const role of SYSTEM_ROLES) await ignoreIfPresent(() => storage.roles.insert(role));
  const result = await seedAdministrator(storage, initialAdminPassword, now, options.passwordHashCost);
  for (const site of systemSites(now)) await ignoreIfPresent(() => storage.sites.insert(site));
  await seedPermissions(storage);
  if (!(await storage.languages.findById(DEFAULT_LANGUAGE_ID))) {
    const english = { languageCode: 'en', countryCode: 'US', language: 'English', country: 'United States' };
    await ignoreIfPresent(async () => void (await storage.languages.insert(english)));
  }
  await ignoreIfPresent(
    async () => void (await storage.transaction((tx) => seedSystemWorkflow(tx, ADMIN_USER_ID, now))),
  );
  await ignoreIfPresent(() => storage.transaction((tx) => seedSystemActionMappings(tx, now)));
  await backfillFolders(storage, log, ADMIN_USER_ID, now);
  log.debug({ adminCreated: result.adminCreated }, 'installation seeded');
  return result;
}

/**
 * What SYSTEM_HOST grants, and so every site, content type and item that does not say otherwise:
 * `CMS Anonymous` reads (live versions, and only while `CONTENT_APIS_ALLOW_ANONYMOUS` lets
 * anonymous callers in at all), `CMS Owner` reads, edits and publishes what it owns. Other users
 * need a role that is granted more. Added on an upgrade too, and never again once SYSTEM_HOST has
 * permissions (even none): an installer's choice stands.
 */
export const SEED_PERMISSIONS: readonly PermissionGrant[] = [
  { roleId: SEED_IDS.anonymousRole, bits: PERMISSION_BITS.READ },
  { roleId: SEED_IDS.ownerRole, bits: PERMISSION_BITS.READ | PERMISSION_BITS.WRITE | PERMISSION_BITS.PUBLISH },
];

async function seedPermissions(storage: Storage): Promise<void> {
  if (await storage.permissions.find(SYSTEM_HOST)) return;
  await ignoreIfPresent(() =>
    storage.transaction(async (tx) => {
      if (!(await tx.permissions.find(SYSTEM_HOST)))
        await tx.permissions.replace(SYSTEM_HOST, 'site', SEED_PERMISSIONS);
    }),
  );
}

/** The administrator, on the first start only: its password is never changed by a later start. */
async function seedAdministrator(
  storage: Storage,
  initialAdminPassword: string | undefined,
  now: number,
  passwordHashCost: number | undefined,
): Promise<SeedResult> {
  const result: SeedResult = { adminCreated: false };
  if (await storage.users.findById(ADMIN_USER_ID)) return result;
  const password = initialAdminPassword || randomBytes(12).toString('base64url');
  if (await ignoreIfPresent(() => storage.transaction((tx) => insertAdmin(tx, password, now, passwordHashCost)))) {
    result.adminCreated = true;
    if (!initialAdminPassword) result.generatedAdminPassword = password;
  }
  return result;
}

async function insertAdmin(
  tx: Repositories,
  password: string,
  now: number,
  passwordHashCost: number | undefined,
): Promise<void> {
  await tx.roles.insert({
    id: SEED_IDS.adminPersonalRole,
    name: 'Admin User',
    key: ADMIN_USER_ID,
    description: `Personal role of ${ADMIN_EMAIL}`,
    system: true,
    personal: true,
    parent: null,
  });
  const admin: User = {
    userId: ADMIN_USER_ID,
    email: ADMIN_EMAIL,
    firstName: 'Admin',
    lastName: 'User',
    passwordHash: await hashPassword(password, passwordHashCost),
    active: true,
    roleId: SEED_IDS.adminPersonalRole,
    createdAt: now,
    modDate: now,
  };
  await tx.users.insert(admin);
  await tx.users.grantRoles(ADMIN_USER_ID, [SEED_IDS.adminRole, SEED_IDS.backendUserRole]);
}

/** Another process seeding the same database at the same moment wins the race: that is fine. */
export async function ignoreIfPresent(work: () => Promise<void>): Promise<boolean> {
  try {
    await work();
    return true;
  } catch (error) {
    if (isCmsError(error, Errors.RECORD_NOT_UNIQUE)) return false;
    throw error;
  }
}
