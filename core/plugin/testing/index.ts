/**
 * What a plugin's own tests use (`cms/plugin/testing`): the contract suites that the built-in
 * plugins pass, to run against a new one. Never loaded by the service; written against the plugin
 * kit and a structural test interface, so it runs with tap's `t` (or anything shaped like it).
 */
export type { ContractTest } from './contract-test.js';
export {
  storageContractSuite,
  storageContractSuites,
  type OpenStorage,
  type StorageContractArea,
} from './storage/index.js';
export { normalisedEvent } from './storage/normalised-event.js';
