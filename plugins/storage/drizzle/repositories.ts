import { randomUUID } from 'node:crypto';
import type { DriverRepositories } from '../../../core/plugin/kit.js';
import { translatingExecutor, type Dialect, type Executor, type Tables } from './context.js';
import { upsertRow } from './prepared.js';
import { analyticsEventRepository } from './analytics-event-repository.js';
import { analyticsSiteKeyRepository } from './analytics-site-key-repository.js';
import { categoryRepository } from './category-repository.js';
import { contentRepository } from './content-repository.js';
import { contentTypeRepository } from './content-type-repository.js';
import { fieldRepository } from './field-repository.js';
import { folderRepository } from './folder-repository.js';
import { issuedTokenRepository } from './issued-token-repository.js';
import { indexQueueRepository } from './index-queue-repository.js';
import { pushPublishingRepository } from './push-publishing-repository.js';
import { jobRepository } from './job-repository.js';
import { languageRepository } from './language-repository.js';
import { menuLinkRepository } from './menu-link-repository.js';
import { permissionRepository } from './permission-repository.js';
import { roleRepository } from './role-repository.js';
import { sessionRepository } from './session-repository.js';
import { settingRepository } from './setting-repository.js';
import { siteRepository } from './site-repository.js';
import { taskRepository } from './task-repository.js';
import { systemEventRepository } from './system-event-repository.js';
import { userMessageRepository } from './user-message-repository.js';
import { userRepository } from './user-repository.js';
import { workflowRepository } from './workflow-repository.js';

const DEFINITIONS_VERSION = 'definitions.version';
const NAVIGATION_VERSION = 'navigation.version';

/**
 * The definitions version as one transaction knows it. A save or a fire asks for the token several
 * times (each service that reads definitions asks), and inside a transaction it can only change
 * by the transaction's own definition writes: nobody else writes while SQLite's write lock is held,
 * and InnoDB's consistent reads (REPEATABLE READ) show the same committed value all along. So it
 * is read once, and every renewal of the transaction's own sets it. The driver clears it where a
 * transaction starts (and SQLite's savepoint rolls back).
 */
export interface TransactionTokens {
  definitions?: string;
}

/**
 * Every repository over one executor: the shared query logic, written once for both dialects.
 * `executor.tokens`: given when the executor is a transaction's (see `TransactionTokens`).
 */
export function createRepositories(
  executor: Executor & { tokens?: TransactionTokens },
  tables: Tables,
  dialect: Dialect,
  transaction: DriverRepositories['transaction'],
): DriverRepositories {
  const { tokens } = executor;
  const exec = translatingExecutor(executor, dialect);
  const settings = settingRepository(exec, tables, dialect);
  // Writes to definitions (and permissions, and folders) renew the version token in the same transaction, so no writer can forget it.
  const definitionsExec = renewingExecutor(exec, {
    tables,
    dialect,
    key: DEFINITIONS_VERSION,
    renewed: tokens && ((value) => (tokens.definitions = value)),
  });
  const readDefinitionsVersion = async () => (await settings.get(DEFINITIONS_VERSION)) ?? '';
  // Link writes renew the navigation version the same way: menus list links.
  const navigationExec = renewingExecutor(exec, { tables, dialect, key: NAVIGATION_VERSION });
  return {
    categories: categoryRepository(exec, tables),
    content: contentRepository(exec, tables, dialect),
    folders: folderRepository(definitionsExec, tables),
    menuLinks: menuLinkRepository(navigationExec, tables),
    contentTypes: contentTypeRepository(definitionsExec, tables),
    fields: fieldRepository(definitionsExec, tables),
    users: userRepository(exec, tables, definitionsExec),
    roles: roleRepository(exec, tables, definitionsExec),
    permissions: permissionRepository(definitionsExec, tables),
    sessions: sessionRepository(exec, tables),
    issuedTokens: issuedTokenRepository(exec, tables),
    sites: siteRepository(exec, tables),
    languages: languageRepository(definitionsExec, tables, dialect),
    settings,
    indexQueue: indexQueueRepository(exec, tables),
    jobs: jobRepository(exec, tables, dialect),
    publishing: pushPublishingRepository(exec, tables),
    analyticsSiteKeys: analyticsSiteKeyRepository(exec, tables),
    analyticsEvents: analyticsEventRepository(exec, tables),
    tasks: taskRepository(exec, tables, dialect),
    workflows: workflowRepository(definitionsExec, tables),
    userMessages: userMessageRepository(exec, tables),
    systemEvents: systemEventRepository(exec, tables),
    definitionsVersion: tokens
      ? async () => (tokens.definitions ??= await readDefinitionsVersion())
      : readDefinitionsVersion,
    navigationVersion: async () => (await settings.get(NAVIGATION_VERSION)) ?? '',
    renewNavigationVersion: () => settings.put(NAVIGATION_VERSION, randomUUID()),
    versionTokens: async () => {
      const [definitions, navigation] = await settings.getTwo(DEFINITIONS_VERSION, NAVIGATION_VERSION);
      return { definitions: definitions ?? '', navigation: navigation ?? '' };
    },
    transaction,
  };
}

/**
 * An executor whose every write also gives a version token (a setting) a new value, in the same
 * transaction; `renewed` learns the value.
 */
function renewingExecutor(
  exec: Executor,
  {
    tables,
    dialect,
    key,
    renewed,
  }: { tables: Tables; dialect: Dialect; key: string; renewed?: (value: string) => void },
): Executor {
  return {
    read: exec.read,
    write: (work) =>
      exec.write(async (db) => {
        const result = await work(db);
        const value = randomUUID();
        await upsertRow({ db, dialect }, tables.settings, [tables.settings.key], { key, value });
        renewed?.(value);
        return result;
      }),
  };
}
