import type { Repositories } from '../../../core/plugin/storage-driver.js';
import { translatingExecutor, type Dialect, type Executor, type Tables } from './context.js';
import { categoryRepository } from './category-repository.js';
import { contentRepository } from './content-repository.js';
import { contentTypeRepository } from './content-type-repository.js';
import { fieldRepository } from './field-repository.js';
import { languageRepository } from './language-repository.js';
import { roleRepository } from './role-repository.js';
import { sessionRepository } from './session-repository.js';
import { settingRepository } from './setting-repository.js';
import { siteRepository } from './site-repository.js';
import { taskRepository } from './task-repository.js';
import { userRepository } from './user-repository.js';
import { workflowRepository } from './workflow-repository.js';

/** Every repository over one executor: the shared query logic, written once for both dialects. */
export function createRepositories(executor: Executor, tables: Tables, dialect: Dialect, transaction: Repositories['transaction']): Repositories {
  const exec = translatingExecutor(executor, dialect);
  return {
    categories: categoryRepository(exec, tables),
    content: contentRepository(exec, tables, dialect),
    contentTypes: contentTypeRepository(exec, tables),
    fields: fieldRepository(exec, tables),
    users: userRepository(exec, tables),
    roles: roleRepository(exec, tables),
    sessions: sessionRepository(exec, tables),
    sites: siteRepository(exec, tables),
    languages: languageRepository(exec, tables, dialect),
    settings: settingRepository(exec, tables, dialect),
    tasks: taskRepository(exec, tables),
    workflows: workflowRepository(exec, tables),
    transaction,
  };
}
