import type { DriverStorage } from '../../kit.js';
import type { ContractTest } from '../contract-test.js';

/**
 * Opens a freshly migrated, empty storage of the driver under test for the test `t` (a new
 * database, file or schema), and closes it when `t` ends (`t.teardown`). Called once per test, so
 * that no test sees another's data and no test holds connections past its end.
 */
export type OpenStorage = (t: ContractTest) => Promise<DriverStorage>;
