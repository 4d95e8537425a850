import type { Config } from '../../core/config/config.js';
import { readProperty, type PropertyDeclarations } from '../../core/config/properties.js';
import { findUnknownProperties } from '../../core/config/unknown-properties.js';
import { StartupError } from '../../core/errors/index.js';
import type { Logger } from '../../core/logger.js';
import { HOST_PROPERTIES } from '../settings/settings-properties.js';

/**
 * Refuses property names nobody declares (see `findUnknownProperties`), all of them in one message,
 * one per line; with `config.strict=false` each is a warning instead. Runs once every plugin is
 * imported and before any is set up, so that the declarations of all loaded plugins are known.
 */
export function checkPropertyNames(config: Config, declarations: readonly PropertyDeclarations[], log: Logger): void {
  const declared = declarations.flatMap((d) => Object.keys(d));
  const unknown = findUnknownProperties(config, declared);
  if (unknown.length === 0) return;
  if (readProperty(config, 'config.strict', HOST_PROPERTIES['config.strict'])) {
    throw new StartupError(unknown.map((u) => u.message).join('\n'));
  }
  for (const u of unknown)
    log.warn(
      { property: u.name, origin: u.origin, suggestion: u.suggestion },
      `${u.message} (ignored: config.strict=false)`,
    );
}
