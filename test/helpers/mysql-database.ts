import type { Test } from 'tap';
import { randomBytes } from 'node:crypto';

/** The MariaDB/MySQL server the tests use; the CI default is the server on this machine. */
export const TEST_MYSQL_URL = process.env.CMS_TEST_MYSQL_URL || 'mysql://root@127.0.0.1:3306/test';

/** `npm run test:fast` sets CMS_TEST_MYSQL=off: everything that needs a database server is skipped. */
export const MYSQL_TESTS_ENABLED = process.env.CMS_TEST_MYSQL !== 'off';

/**
 * Creates a fresh database for one test file (tap runs files in parallel) and drops it when the
 * test ends. Answers undefined, after a loud skip, only when no server answers at all.
 *
 * The database already holds the schema the migrations build (see mysql-schema.ts): on MariaDB the
 * migrations' hundred DDL statements took seconds per app, and the suite starts hundreds of apps.
 * Tests of migrating itself ask for an `empty` database.
 */
export async function createTestDatabase(t: Test, options: { empty?: boolean } = {}): Promise<string | undefined> {
  if (!MYSQL_TESTS_ENABLED) {
    await t.test('MariaDB/MySQL', { skip: 'CMS_TEST_MYSQL=off (the fast tier: no database server)' }, () => {});
    return undefined;
  }
  const server = new URL(TEST_MYSQL_URL);
  let connection;
  try {
    // mysql2 and drizzle's MySQL half are loaded here, not with the helper: most of the files that
    // import it (through test-app.ts) never reach a MySQL server, and each paid for loading them.
    const { createConnection } = await import('mysql2/promise');
    connection = await createConnection({
      host: server.hostname,
      port: Number(server.port || 3306),
      user: decodeURIComponent(server.username),
      password: decodeURIComponent(server.password),
    });
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'EHOSTUNREACH') {
      t.comment(`!!! MariaDB/MySQL was not reachable at ${TEST_MYSQL_URL} (${code}): MySQL tests SKIPPED !!!`);
      await t.test(
        `MariaDB/MySQL not reachable at ${TEST_MYSQL_URL}`,
        { skip: `no MySQL server at ${TEST_MYSQL_URL}` },
        () => {},
      );
      return undefined;
    }
    throw error;
  }
  const name = `cms_test_${randomBytes(6).toString('hex')}`;
  await connection.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  t.teardown(async () => {
    await connection.query(`DROP DATABASE IF EXISTS \`${name}\``);
    await connection.end();
  });
  if (!options.empty) await (await import('./mysql-schema.js')).createMigratedSchema(connection, name);
  const url = new URL(TEST_MYSQL_URL);
  url.pathname = `/${name}`;
  return url.toString();
}
