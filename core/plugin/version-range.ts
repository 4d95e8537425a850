/**
 * Semver ranges as npm reads them, the common subset: exact versions, `^`, `~`, `>`, `>=`, `<`,
 * `<=`, `=`, x-ranges (`1.x`, `1.2.*`, `1`, `*`), hyphen ranges (`1.2 - 2.3`), space for "and",
 * `||` for "or". Enough for a plugin's `cmsVersion`, without a dependency for it.
 *
 * As in npm, a prerelease version (`1.3.0-beta.1`) matches only a set that names a prerelease of
 * the same major.minor.patch, so `^1.2.0` never matches an unfinished `1.3.0-beta.1`.
 */
export interface VersionRange {
  /** Whether the version is in the range; a version that is not `x.y.z[-pre][+build]` never is. */
  includes(version: string): boolean;
}

interface Version {
  major: number;
  minor: number;
  patch: number;
  pre: readonly string[];
}

type Operator = '<' | '<=' | '>' | '>=' | '=';
interface Comparator {
  operator: Operator;
  version: Version;
}

const NUMBER = '0|[1-9]\\d*';
const PRE = '(?:-([0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*))?(?:\\+[0-9A-Za-z-]+(?:\\.[0-9A-Za-z-]+)*)?';
const FULL = new RegExp(`^v?(${NUMBER})\\.(${NUMBER})\\.(${NUMBER})${PRE}$`);
const WILD = `${NUMBER}|[xX*]`;
const PARTIAL = new RegExp(`^(\\^|~|[<>]=?|=)?v?(${WILD})(?:\\.(${WILD}))?(?:\\.(${WILD}))?${PRE}$`);

/** Reads a range; undefined when it is not one. */
export function readVersionRange(text: string): VersionRange | undefined {
  const sets: Comparator[][] = [];
  for (const alternative of text.split('||')) {
    const set = readSet(alternative.trim().replace(/([<>=~^]+)\s+/g, '$1'));
    if (!set) return undefined;
    sets.push(set);
  }
  return {
    includes(version) {
      const parsed = parseVersion(version);
      return parsed !== undefined && sets.some((set) => matchesSet(parsed, set));
    },
  };
}

function parseVersion(text: string): Version | undefined {
  const m = FULL.exec(text.trim());
  if (!m) return undefined;
  return { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3]), pre: m[4]?.split('.') ?? [] };
}

function readSet(text: string): Comparator[] | undefined {
  if (text === '') return [];
  const hyphen = /^(\S+)\s+-\s+(\S+)$/.exec(text);
  if (hyphen) {
    const from = comparatorsOf(`>=${hyphen[1]}`);
    const to = comparatorsOf(`<=${hyphen[2]}`);
    return from && to ? [...from, ...to] : undefined;
  }
  const set: Comparator[] = [];
  for (const part of text.split(/\s+/)) {
    const comparators = comparatorsOf(part);
    if (!comparators) return undefined;
    set.push(...comparators);
  }
  return set;
}

/** One written comparator, desugared into plain ones (`^1.2` is `>=1.2.0 <2.0.0`). */
function comparatorsOf(text: string): Comparator[] | undefined {
  const m = PARTIAL.exec(text);
  if (!m) return undefined;
  const operator = m[1] ?? '';
  const [major, minor, patch] = [m[2], m[3], m[4]].map((p) =>
    p === undefined || /[xX*]/.test(p) ? undefined : Number(p),
  );
  // A number after a wildcard (`1.x.3`) means nothing npm would read.
  if ((major === undefined && minor !== undefined) || (minor === undefined && patch !== undefined)) return undefined;
  const pre = m[5]?.split('.') ?? [];
  if (major === undefined) return operator === '<' || operator === '>' ? [never()] : [];
  const low: Version = { major, minor: minor ?? 0, patch: patch ?? 0, pre };
  const at = (operator: Operator, version: Version): Comparator => ({ operator, version });
  const bump = (part: 'major' | 'minor' | 'patch'): Version => ({
    major: part === 'major' ? major + 1 : major,
    minor: part === 'minor' ? (minor ?? 0) + 1 : part === 'patch' ? (minor ?? 0) : 0,
    patch: part === 'patch' ? (patch ?? 0) + 1 : 0,
    pre: [],
  });
  // The last part written decides what "the next version" is for partial versions.
  const next = bump(minor === undefined ? 'major' : patch === undefined ? 'minor' : 'patch');
  switch (operator) {
    case '^': {
      const part = major > 0 || minor === undefined ? 'major' : minor > 0 || patch === undefined ? 'minor' : 'patch';
      return [at('>=', low), at('<', bump(part))];
    }
    case '~':
      return [at('>=', low), at('<', bump(minor === undefined ? 'major' : 'minor'))];
    case '>':
      return patch === undefined ? [at('>=', next)] : [at('>', low)];
    case '<=':
      return patch === undefined ? [at('<', next)] : [at('<=', low)];
    case '<':
    case '>=':
      return [at(operator, low)];
    default:
      return patch === undefined ? [at('>=', low), at('<', next)] : [at('=', low)];
  }
}

/** `<*` and `>*`: nothing matches. */
function never(): Comparator {
  return { operator: '<', version: { major: 0, minor: 0, patch: 0, pre: ['0'] } };
}

function matchesSet(version: Version, set: readonly Comparator[]): boolean {
  if (!set.every((c) => matches(version, c))) return false;
  if (version.pre.length === 0) return true;
  return set.some(
    (c) =>
      c.version.pre.length > 0 &&
      c.version.major === version.major &&
      c.version.minor === version.minor &&
      c.version.patch === version.patch,
  );
}

function matches(version: Version, { operator, version: other }: Comparator): boolean {
  const order = compare(version, other);
  switch (operator) {
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    case '>=':
      return order >= 0;
    default:
      return order === 0;
  }
}

function compare(a: Version, b: Version): number {
  const byNumbers = a.major - b.major || a.minor - b.minor || a.patch - b.patch;
  if (byNumbers !== 0) return byNumbers;
  // A release ranks above its prereleases; prereleases compare identifier by identifier.
  if (a.pre.length === 0 || b.pre.length === 0) return b.pre.length - a.pre.length;
  for (let i = 0; i < Math.max(a.pre.length, b.pre.length); i++) {
    const [x, y] = [a.pre[i], b.pre[i]];
    if (x === undefined || y === undefined) return x === undefined ? -1 : 1;
    if (x === y) continue;
    const [nx, ny] = [/^\d+$/.test(x), /^\d+$/.test(y)];
    if (nx && ny) return Number(x) - Number(y);
    if (nx !== ny) return nx ? -1 : 1;
    return x < y ? -1 : 1;
  }
  return 0;
}
