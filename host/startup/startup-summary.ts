import type { Logger } from '../../core/logger.js';
import type { LoadedPlugin } from '../../core/plugin/registry.js';

/** What the start-up line says: enough to tell from the log which service runs, on what, where. */
export interface StartupFacts {
  version: string;
  /** As bound: `0.0.0.0:8080`. */
  address: string;
  /** A URL that reaches it from this machine. */
  url: string;
  port: number;
  storage: { driver: string; target: string | undefined };
  plugins: readonly LoadedPlugin[];
  authSchemes: readonly string[];
  dataDir: string;
  /** The properties file read, or null. */
  configFile: string | null;
}

/** Writes the one summary line of a start, once the service listens. */
export function logStartupSummary(logger: Logger, facts: StartupFacts): void {
  const plugins = facts.plugins.map((p) => (p.version ? `${p.name}@${p.version}` : p.name));
  const storage = [facts.storage.driver, facts.storage.target].filter(Boolean).join(' ');
  logger.info(
    {
      version: facts.version,
      address: facts.address,
      url: facts.url,
      port: facts.port,
      pid: process.pid,
      storage: facts.storage,
      plugins: facts.plugins,
      authSchemes: facts.authSchemes,
      dataDir: facts.dataDir,
      config: facts.configFile ?? 'none (defaults and environment only)',
    },
    `cms ${facts.version} listening on ${facts.address} (${facts.url}); storage ${storage}; ` +
      `plugins ${plugins.join(', ')}; auth schemes ${facts.authSchemes.join(', ')}`,
  );
}
