import { UnauthenticatedError } from '../../core/plugin/kit.js';

/** Decodes base64 `user:password` (Basic and the legacy header); anything malformed is a 401. */
export function decodeUserPassword(encoded: string): { user: string; password: string } {
  const text = Buffer.from(encoded.trim(), 'base64').toString('utf8');
  const colon = text.indexOf(':');
  if (colon <= 0) throw new UnauthenticatedError(undefined, { code: 'AUTH_INVALID_USER' });
  return { user: text.slice(0, colon), password: text.slice(colon + 1) };
}
