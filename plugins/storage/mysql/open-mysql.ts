import { sql } from 'drizzle-orm';
import { drizzle, type MySql2Database } from 'drizzle-orm/mysql2';
import { migrate } from 'drizzle-orm/mysql2/migrator';
import { fileURLToPath } from 'node:url';
import { createPool, type Pool } from 'mysql2/promise';
import * as mysqlSchema from './schema/index.js';
import {
  readProperties,
  StartupError,
  type DriverRepositories,
  type DriverStorage,
  type PropertyValues,
  type StorageOpenContext,
} from '../../../core/plugin/kit.js';
import { isLockConflict, translateError, type Db, type Dialect, type Tables } from '../drizzle/context.js';
import { classifyMysqlError } from './mysql-errors.js';
import { MYSQL_PROPERTIES } from './properties.js';
import { createRepositories } from '../drizzle/repositories.js';
import { maskUrlPassword } from './mask-url.js';
import { mysqlEventInsert } from './analytics-event-insert.js';
import { withQueryDeadline } from './query-deadline.js';

const MIGRATIONS = fileURLToPath(new URL('./migrations', import.meta.url));
/**
 * The migration lock of the connection's database. Named locks belong to the whole server: a name of
 * its own per database (hashed, as lock names end at 64 characters) keeps installations that share a
 * server from waiting for each other's migrations.
 */
const MIGRATION_LOCK = "CONCAT('cms_migrations:', MD5(COALESCE(DATABASE(), '')))";
/** The one cast of the shared code's typing: the row types match (see the schema-shape test). */
const tables = mysqlSchema as unknown as Tables;

const mysqlDialect: Dialect = {
  async insertReturningId(db, _table, values) {
    const [row] = await (db as unknown as MySql2Database).insert(mysqlSchema.languages).values(values).$returningId();
    return row!.id;
  },
  async insertSettingIfAbsent(db, _table, values) {
    // Not INSERT IGNORE: it also turns real errors into warnings (an over-long key is silently
    // truncated and stored). A no-op update on a duplicate key ignores only the duplicate.
    await (db as unknown as MySql2Database)
      .insert(mysqlSchema.settings)
      .values(values)
      .onDuplicateKeyUpdate({ set: { key: sql`setting_key` } });
  },
  // As above: a no-op update on the duplicate key, not INSERT IGNORE.
  insertJobIfAbsentQuery: (db, _table, values) =>
    (db as unknown as MySql2Database)
      .insert(mysqlSchema.jobs)
      .values(values as never)
      .onDuplicateKeyUpdate({ set: { idempotencyKey: sql`idempotency_key` } }),
  // The shared code hands over MySQL tables typed as SQLite's (see `tables` below).
  upsertQuery: (db, { table, values, set }) =>
    (db as unknown as MySql2Database)
      .insert(table as never)
      .values(values as never)
      .onDuplicateKeyUpdate({ set: set as never }),
  classifyError: classifyMysqlError,
};

/** A transaction killed in a lock conflict is run once more; a second conflict is answered 503. */
const MAX_TRANSACTION_ATTEMPTS = 2;

/** The connection pool the properties describe. */
function createMysqlPool(url: string, p: PropertyValues<typeof MYSQL_PROPERTIES>): Pool {
  const pool = createPool({
    uri: url,
    connectionLimit: p['storage.mysql.pool.size'],
    // Requests wait for a free connection, but not without bound: past this many waiting, a request
    // is answered STORAGE_UNAVAILABLE (503 with Retry-After) instead of joining a queue that only grows.
    queueLimit: p['storage.mysql.pool.queue.limit'],
    // Epoch-ms columns are BIGINT: answer them as numbers, not strings.
    supportBigNumbers: true,
    bigNumberStrings: false,
    // mysql2 otherwise captures a stack trace for every query (a tenth of a fire's CPU); driver
    // errors are translated at the plugin boundary and their stacks never reach a client.
    trace: false,
    charset: 'utf8mb4',
    // A connection attempt to a silent server holds a place in the pool: it gives up with the statements.
    connectTimeout: p['storage.mysql.query.timeout.ms'],
  });
  // A request should not wait InnoDB's default 50 s for a row lock: past this it is answered
  // STORAGE_BUSY (after one retry of the transaction) and its client may try again.
  const lockWaitSeconds = p['storage.mysql.lock.wait.seconds'];
  // mysql2 runs a connection's statements in order, so this runs before the first query it is given.
  // A failure here surfaces on that query; the callback only keeps it from going unhandled.
  pool.on('connection', (connection) => {
    (connection as unknown as { query(sql: string, done: () => void): void }).query(
      `SET SESSION innodb_lock_wait_timeout = ${lockWaitSeconds}`,
      () => {},
    );
  });
  return pool;
}

/** MySQL or MariaDB through a mysql2 connection pool. */
export function openMysql(context: StorageOpenContext): DriverStorage {
  const properties = readProperties(context.config, MYSQL_PROPERTIES);
  const url = properties['storage.mysql.url'];
  // No default: a made-up server and database would be worse than a clear refusal.
  if (url === undefined)
    throw new StartupError(
      `Configuration property storage.driver=mysql${context.config.where('storage.driver')} needs storage.mysql.url (mysql://user:password@host:3306/database), which is not set`,
    );
  const pool = createMysqlPool(url, properties);
  // Every statement of the service, except the migrations' (a schema change may rightly take long).
  const timed = withQueryDeadline(pool, properties['storage.mysql.query.timeout.ms']);
  // NOTE: the positional form: drizzle 0.45 misreads `{ client, mode }` as a client. Drizzle calls
  // only query, execute and getConnection of its client, which the deadline pool has (typed as mysql2's).
  const db = drizzle(timed as unknown as Pool, { mode: 'default' }) as unknown as Db;

  // InnoDB resolves lock conflicts between concurrent transactions by killing one of them (or lets a
  // lock wait time out): the victim is run once more, after a short random pause, instead of failing
  // its request; a second conflict is answered STORAGE_BUSY (503 with Retry-After).
  const transaction = async <T>(work: (tx: DriverRepositories) => Promise<T>): Promise<T> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await transactionOnce(work);
      } catch (error) {
        if (!isLockConflict(error, mysqlDialect)) throw error;
        if (attempt >= MAX_TRANSACTION_ATTEMPTS) throw translateError(error, mysqlDialect);
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * attempt));
      }
    }
  };

  const transactionOnce = async <T>(work: (tx: DriverRepositories) => Promise<T>): Promise<T> => {
    let workError: unknown;
    try {
      return await (db as unknown as MySql2Database).transaction(async (txDb) => {
        const txRepositories: DriverRepositories = createRepositories(
          { read: (w) => w(txDb as unknown as Db), write: (w) => w(txDb as unknown as Db), tokens: {} },
          tables,
          mysqlDialect,
          (inner) => inner(txRepositories),
        );
        try {
          return await work(txRepositories);
        } catch (error) {
          workError = error;
          throw error;
        }
      });
    } catch (error) {
      // The caller's own error passes as it is; BEGIN, COMMIT or ROLLBACK failing is the driver's.
      throw error === workError ? error : translateError(error, mysqlDialect);
    }
  };

  const repositories = createRepositories(
    { read: (w) => w(db), write: (w) => w(db) },
    tables,
    mysqlDialect,
    transaction,
  );
  // The ingest's inserts, outside transactions, without drizzle's query building (see the module).
  const insertEvents = mysqlEventInsert(timed, tables.analyticsEvents);

  return {
    ...repositories,
    analyticsEvents: {
      ...repositories.analyticsEvents,
      async insert(siteId, events) {
        if (events.length === 0) return;
        try {
          await insertEvents(siteId, events);
        } catch (error) {
          throw translateError(error, mysqlDialect);
        }
      },
    },
    driverName: 'mysql',
    target: maskUrlPassword(url),
    async migrate() {
      // Several processes may start together on one database: its named lock makes them migrate one at a time.
      let connection;
      try {
        connection = await pool.getConnection();
      } catch (error) {
        throw translateError(error, mysqlDialect);
      }
      try {
        const [rows] = await connection.query(`SELECT GET_LOCK(${MIGRATION_LOCK}, 60) AS acquired`);
        if ((rows as Array<{ acquired: number | null }>)[0]?.acquired !== 1)
          throw new Error('Could not take the migration lock within 60 s');
        try {
          await migrate(drizzle(connection, { mode: 'default' }), { migrationsFolder: MIGRATIONS });
        } finally {
          await connection.query(`SELECT RELEASE_LOCK(${MIGRATION_LOCK})`);
        }
      } catch (error) {
        throw translateError(error, mysqlDialect);
      } finally {
        connection.release();
      }
    },
    async ping() {
      try {
        await timed.query('SELECT 1');
      } catch (error) {
        throw translateError(error, mysqlDialect);
      }
    },
    async close() {
      try {
        await pool.end();
      } catch (error) {
        throw translateError(error, mysqlDialect);
      }
    },
  };
}
