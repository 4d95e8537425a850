import type { Test } from 'tap';
import { join } from 'node:path';
import { createTestDatabase } from './mysql-database.js';
import { startTestApp, tempDataDir, type TestApp } from './test-app.js';

/**
 * Two service processes on one database, as behind a load balancer; undefined when MariaDB was
 * asked for and does not answer.
 */
export async function twoApps(
  t: Test,
  storage: 'sqlite' | 'mysql',
  options: { socket?: boolean; env?: Record<string, string> } = {},
): Promise<[TestApp, TestApp] | undefined> {
  if (storage === 'sqlite') {
    const dataDir = tempDataDir(t);
    return [(await startTestApp(t, { ...options, dataDir }))!, (await startTestApp(t, { ...options, dataDir }))!];
  }
  const url = await createTestDatabase(t);
  if (!url) return undefined;
  // Processes sharing a database must share the search index too (else the second is refused).
  const index = join(tempDataDir(t), 'index.db');
  const env = {
    ...options.env,
    CMS_STORAGE_DRIVER: 'mysql',
    CMS_STORAGE_MYSQL_URL: url,
    CMS_SEARCH_EMBEDDED_FILE: index,
  };
  const first = (await startTestApp(t, { ...options, env }))!;
  return [first, (await startTestApp(t, { ...options, env }))!];
}
