import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Site } from '../model/site.js';

/** 24 random bytes: 192 bits, 32 URL-safe characters (the original uses 18 bytes). */
const TOKEN_BYTES = 24;

/** A Site Auth set by hand may be this long, in characters. */
export const SITE_AUTH_MAX_LENGTH = 255;

/** What a masked value shows in place of the secret part; a value of asterisks only stands for the stored key. */
const MASK = '*****';

/** The masked form shows the last characters only of a secret part at least this long. */
const MIN_LENGTH_SHOWING_TAIL = 16;
const TAIL_SHOWN = 4;

/** Control, format, unassigned, private-use and surrogate code points: nothing a person can read or type. */
const NOT_PRINTABLE = /\p{C}/u;

/**
 * The name a site's keys start with. SYSTEM_HOST's name has a space and is no host name, so its
 * keys carry its identifier instead.
 */
export function siteAuthPrefix(site: Site): string {
  return site.system ? site.identifier : site.siteName;
}

/** A new key: the site's name, a dot, and a crypto-random URL-safe token. */
export function generateSiteAuth(site: Site): string {
  return `${siteAuthPrefix(site)}.${randomBytes(TOKEN_BYTES).toString('base64url')}`;
}

/**
 * SHA-256, lower-case hex. A plain hash (no salt, no slow function) is enough for generated keys,
 * which carry 192 random bits, and it keeps the ingest look-up a single indexed query.
 */
export function hashSiteAuth(siteAuth: string): string {
  return createHash('sha256').update(siteAuth, 'utf8').digest('hex');
}

/** Compares two hashes in constant time (a hash from storage with one just computed). */
export function sameHash(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * What may be shown of a key: the site-name prefix when it has one, the mask, and the last 4
 * characters when the rest is long enough that 4 give little away.
 */
export function maskSiteAuth(siteAuth: string, site: Site): string {
  const prefix = `${siteAuthPrefix(site)}.`;
  const head = siteAuth.startsWith(prefix) ? prefix : '';
  const rest = [...siteAuth.slice(head.length)];
  const tail = rest.length >= MIN_LENGTH_SHOWING_TAIL ? rest.slice(-TAIL_SHOWN).join('') : '';
  return `${head}${MASK}${tail}`;
}

/** Why a value cannot be a Site Auth, or undefined when it can. Never repeats the value. */
export function siteAuthProblem(value: string): string | undefined {
  const length = [...value].length;
  if (length === 0) return 'it is empty';
  if (length > SITE_AUTH_MAX_LENGTH) return `it has ${length} characters`;
  const at = [...value].findIndex((c) => NOT_PRINTABLE.test(c));
  if (at >= 0) return `character ${at + 1} is a control or invisible character`;
  return undefined;
}

/** Asterisks only: the masked value sent back, which keeps the stored key (as the original's apps do). */
export function isMaskOnly(value: string): boolean {
  return /^\*+$/.test(value);
}
