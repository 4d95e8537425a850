import type { ContractTest } from '../contract-test.js';
import { accessSuite } from './access-suite.js';
import { adminDataSuite } from './admin-data-suite.js';
import { analyticsEventSuite } from './analytics-event-suite.js';
import { batchReadSuite } from './batch-read-suite.js';
import { contentSuite } from './content-suite.js';
import { definitionSuite } from './definition-suite.js';
import { folderSuite } from './folder-suite.js';
import { jobSuite } from './job-suite.js';
import { liveContentSuite } from './live-content-suite.js';
import { menuLinkSuite } from './menu-link-suite.js';
import { siteSuite } from './site-suite.js';
import { systemActionSuite } from './system-action-suite.js';
import { systemEventSuite } from './system-event-suite.js';
import { transactionSuite } from './transaction-suite.js';
import { versionTokenSuite } from './version-token-suite.js';
import { workflowSuite } from './workflow-suite.js';

import type { OpenStorage } from './open-storage.js';

export type { OpenStorage } from './open-storage.js';

/**
 * The repository contract by area: each runs its tests against storages that `open` answers. A
 * driver that is not finished yet runs the areas it has.
 */
export const storageContractSuites = {
  access: accessSuite,
  sites: siteSuite,
  definitions: definitionSuite,
  analyticsEvents: analyticsEventSuite,
  folders: folderSuite,
  menuLinks: menuLinkSuite,
  jobs: jobSuite,
  systemEvents: systemEventSuite,
  workflow: workflowSuite,
  systemActions: systemActionSuite,
  content: contentSuite,
  batchReads: batchReadSuite,
  liveContent: liveContentSuite,
  adminData: adminDataSuite,
  versionTokens: versionTokenSuite,
  transactions: transactionSuite,
} satisfies Record<string, (t: ContractTest, open: OpenStorage) => void>;

export type StorageContractArea = keyof typeof storageContractSuites;

/**
 * The repository contract, run by every storage driver against a real database: every area, or
 * those of `only`. `open(t)` answers a freshly migrated, empty storage for each test `t` (a new
 * database, file or schema), closed when that test ends.
 *
 * @example
 * import t from 'tap';
 * import { storageContractSuite } from 'cms/plugin/testing';
 * storageContractSuite(t, (t) => openMyDriverOnAFreshDatabase(t));
 */
export function storageContractSuite(t: ContractTest, open: OpenStorage, only?: readonly StorageContractArea[]): void {
  for (const [area, suite] of Object.entries(storageContractSuites)) {
    if (!only || only.includes(area as StorageContractArea)) suite(t, open);
  }
}
