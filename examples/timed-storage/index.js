// @ts-check
// A storage driver as a third party writes it: one file, the plugin kit and nothing else of the service.
// It stores nothing itself: it opens another storage driver and times every call made to it.
import {
  PLUGIN_API_VERSION,
  StartupError,
  defineProperties,
  definePlugin,
  defineStorageDriver,
  readProperties,
} from 'cms/plugin';

const properties = defineProperties({
  'storage.timed.driver': { default: 'sqlite', description: 'The storage driver whose calls are timed.' },
  'storage.timed.slow.ms': {
    type: 'int',
    default: 200,
    min: 0,
    description: 'A storage call that takes at least this long (milliseconds) is logged as a warning.',
  },
});

/**
 * Every function member of `target`, called through `time` under `path` (`jobs.claim`); members
 * that are not functions as they are.
 * @template {object} T
 * @param {T} target
 * @param {string} path
 * @param {(what: string, call: () => unknown) => unknown} time
 * @returns {T}
 */
function timedMembers(target, path, time) {
  return new Proxy(target, {
    get(object, member) {
      const value = Reflect.get(object, member, object);
      if (typeof value !== 'function') return value;
      return (/** @type {unknown[]} */ ...args) => time(`${path}${String(member)}`, () => value.apply(object, args));
    },
  });
}

/**
 * The repositories of a storage, or of one of its transactions, timed. A transaction is timed as a
 * whole, and its `work` gets its `tx` timed as well, so a call inside it is timed like any other.
 * @template {import('cms/plugin').DriverRepositories} T
 * @param {T} repositories
 * @param {(what: string, call: () => unknown) => unknown} time
 * @returns {T}
 */
function timedRepositories(repositories, time) {
  return new Proxy(repositories, {
    get(object, member) {
      const value = Reflect.get(object, member, object);
      if (member === 'transaction') {
        return (/** @type {(tx: import('cms/plugin').DriverRepositories) => Promise<unknown>} */ work) =>
          time('transaction', () => object.transaction((tx) => work(timedRepositories(tx, time))));
      }
      if (typeof value === 'function')
        return (/** @type {unknown[]} */ ...args) => time(String(member), () => value.apply(object, args));
      // A repository (`jobs`, `content`, ...): its methods are timed under its name.
      if (typeof value === 'object' && value !== null) return timedMembers(value, `${String(member)}.`, time);
      return value;
    },
  });
}

/**
 * A storage driver named `name` that opens the driver named `driver` (another plugin's) and logs
 * every call that takes `slowMs` or longer, with the time it took. Transactions, errors and answers
 * are the inner driver's, untouched.
 * @param {{ name?: string, driver: string, slowMs: number }} options
 */
export function timedStorageDriver({ name = 'timed', driver, slowMs }) {
  return defineStorageDriver({
    name,
    async open(context) {
      const inner = context.driverNamed?.(driver);
      if (!inner || inner.name === name) {
        throw new StartupError(`storage.timed.driver=${driver} names no other storage driver that is loaded`);
      }
      const logger = context.logger.child({ timed: inner.name });
      /** @type {(what: string, call: () => unknown) => unknown} */
      const time = (what, call) => {
        const started = performance.now();
        const settle = () => {
          const ms = performance.now() - started;
          if (ms >= slowMs) logger.warn({ call: what, ms: Math.round(ms) }, 'slow storage call');
        };
        const answer = call();
        if (!(answer instanceof Promise)) return (settle(), answer);
        return answer.finally(settle);
      };
      return timedRepositories(await inner.open(context), time);
    },
  });
}

export default definePlugin({
  name: 'example-timed-storage',
  apiVersion: PLUGIN_API_VERSION,
  cmsVersion: '^0.1.0',
  description: 'The timed storage driver: another storage driver, with its slow calls logged',
  properties,
  setup({ config }) {
    const p = readProperties(config, properties);
    return {
      storageDrivers: [timedStorageDriver({ driver: p['storage.timed.driver'], slowMs: p['storage.timed.slow.ms'] })],
    };
  },
});
