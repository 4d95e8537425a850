import { environmentNameOf, plainEnvironmentNamesOf, type Config } from './config.js';
import { closestName, editDistance } from './edit-distance.js';
import { LOADER_ENVIRONMENT_NAMES, LOADER_PROPERTY_NAMES } from './load-config.js';

/** A name set in the file or the environment that no declaration knows. */
export interface UnknownProperty {
  /** As it was written: `storage.drivr`, `CMS_STORAGE_DRIVR`. */
  name: string;
  /** `cms.properties line 3`, `environment variable CMS_STORAGE_DRIVR`. */
  origin: string | undefined;
  /** The declared name it most likely meant. */
  suggestion: string | undefined;
  /** `unknown property storage.drivr in cms.properties line 3 — did you mean storage.driver?` */
  message: string;
}

/**
 * The names set in the file or the environment that no declaration knows, among those worth
 * refusing. Properties with prefixes nobody declares stay allowed (a file may serve other tools, a
 * spec setting may not be implemented); a name is refused when its first segment is that of a
 * declared name (`storage.`, `http.`, ...), or when it is a near miss of a declared name whatever
 * its prefix (`strage.driver`, `plugin`, `INITIAL_ADMIN_PASWORD`). In the environment only the
 * `CMS_` form is looked at: other variables belong to the system and to other programs.
 */
export function findUnknownProperties(config: Config, declared: readonly string[]): UnknownProperty[] {
  const known = new Set([...declared, ...LOADER_PROPERTY_NAMES]);
  const prefixes = new Set(declared.filter((key) => key.includes('.')).map((key) => firstSegment(key).toLowerCase()));
  const unknown: UnknownProperty[] = [];
  for (const { key, origin } of config.fileKeys()) {
    if (known.has(key)) continue;
    const suggestion = closestName(key, known, suggestionDistance(key));
    const underKnownPrefix = prefixes.has(firstSegment(key).toLowerCase());
    if (!underKnownPrefix && !isNearMiss(key, suggestion)) continue;
    unknown.push({
      name: key,
      origin,
      suggestion,
      message: `unknown property ${key}${origin ? ` in ${origin}` : ''}${didYouMean(suggestion)}`,
    });
  }

  const declaredEnvironment = declared.map(environmentNameOf);
  const knownEnvironment = new Set([
    ...declaredEnvironment,
    ...declared.flatMap(plainEnvironmentNamesOf),
    ...LOADER_ENVIRONMENT_NAMES,
  ]);
  const environmentPrefixes = [...prefixes].map((prefix) => environmentNameOf(prefix) + '_');
  for (const name of config.environmentNames()) {
    if (!name.startsWith('CMS_') || knownEnvironment.has(name)) continue;
    const suggestion = closestName(name, declaredEnvironment, suggestionDistance(name));
    const underKnownPrefix = environmentPrefixes.some((prefix) => name.startsWith(prefix));
    if (!underKnownPrefix && !isNearMiss(name, suggestion)) continue;
    unknown.push({
      name,
      origin: `environment variable ${name}`,
      suggestion,
      message: `unknown environment variable ${name}${didYouMean(suggestion)}`,
    });
  }
  return unknown;
}

function firstSegment(name: string): string {
  const dot = name.indexOf('.');
  return dot < 0 ? name : name.slice(0, dot);
}

/** How far a suggestion may be: a typo or two, more for long names (`http.max.body.size` → `bytes`). */
function suggestionDistance(name: string): number {
  return Math.max(2, Math.floor(name.length / 4));
}

/** Close enough to a declared name to be a mistake rather than the name of something else. */
function isNearMiss(name: string, suggestion: string | undefined): boolean {
  if (suggestion === undefined) return false;
  return editDistance(name.toLowerCase(), suggestion.toLowerCase()) <= (name.length >= 8 ? 2 : 1);
}

function didYouMean(suggestion: string | undefined): string {
  return suggestion === undefined ? '' : ` — did you mean ${suggestion}?`;
}
