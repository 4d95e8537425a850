// @ts-check
// The repository contract suite of the service, run against this driver: what the package's test
// does (with tap, whose `t` fits `ContractTest`). It imports only what the `cms` package exports.
import { storageContractSuite } from 'cms/plugin/testing';
import { timedStorageDriver } from './index.js';

/**
 * The areas run here. A driver of its own would run them all (leave `areas` out); this one only
 * passes calls on, so a slice that goes through repositories, transactions and tokens shows it.
 * @type {import('cms/plugin/testing').StorageContractArea[]}
 */
export const AREAS = ['access', 'sites', 'jobs', 'systemEvents', 'versionTokens', 'transactions'];

/**
 * Runs the slice against the timed driver wrapped around the driver named `driver`.
 * @param {import('cms/plugin/testing').ContractTest} t
 * @param {string} driver the wrapped driver's name
 * @param {(t: import('cms/plugin/testing').ContractTest, driver: import('cms/plugin').StorageDriver) => Promise<import('cms/plugin').DriverStorage>} openFresh
 *   opens a driver on a new, empty database, with a context whose `driverNamed` finds `driver`,
 *   and closes it when the test `t` ends
 */
export function timedStorageContract(t, driver, openFresh) {
  const timed = timedStorageDriver({ driver, slowMs: 0 });
  storageContractSuite(
    t,
    async (t) => {
      const storage = await openFresh(t, timed);
      await storage.migrate();
      return storage;
    },
    AREAS,
  );
}
