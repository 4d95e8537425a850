import type { Test } from 'tap';
import { Config } from '../../../../core/config/config.js';
import type { Logger } from '../../../../core/logger.js';
import type { SearchIndex } from '../../../../core/plugin/search-driver.js';
import type { SearchLimits } from '../../../../core/plugin/search-limits.js';
import elasticsearch from '../../../../plugins/search/elasticsearch/index.js';

export interface LogLine {
  level: string;
  fields: object;
  message: string;
}

/** A logger that keeps every line (children included), to check what is and is not logged. */
export function recordingLogger(lines: LogLine[] = []): Logger {
  const at = (level: string) => (fields: object, message: string) => void lines.push({ level, fields, message });
  return {
    debug: at('debug'),
    info: at('info'),
    warn: at('warn'),
    error: at('error'),
    child: () => recordingLogger(lines),
  };
}

/** The `elasticsearch` driver, opened through the plugin as the host opens it, with these properties. */
export async function openDriver(
  t: Test,
  properties: Record<string, string>,
  lines: LogLine[] = [],
  limits?: SearchLimits,
): Promise<SearchIndex> {
  const config = new Config(new Map(Object.entries(properties)), {});
  const logger = recordingLogger(lines);
  const [driver] = (await elasticsearch.setup({ config, logger, dataDir: '/nonexistent' })).searchDrivers ?? [];
  t.equal(driver?.name, 'elasticsearch');
  const index = await driver!.open({ config, dataDir: '/nonexistent', logger, limits });
  t.teardown(() => index.close());
  return index;
}

/** Whatever the driver threw (or undefined). */
export const failure = (promise: Promise<unknown>): Promise<unknown> =>
  promise.then(
    () => undefined,
    (error: unknown) => error,
  );
