let requestCounter = 0;
const requestPrefix = process.pid.toString(36);

/** The caller's `X-Request-Id` when it is a plain token, else a new id unique in this process. */
export function requestIdOf(headers: Readonly<Record<string, string>>): string {
  const given = headers['x-request-id'];
  return given && /^[\w.-]{1,64}$/.test(given) ? given : `${requestPrefix}-${(++requestCounter).toString(36)}`;
}

/**
 * The client's address and whether it called over HTTPS: the connection's own, or what a trusted
 * reverse proxy says in `X-Forwarded-For` and `X-Forwarded-Proto`.
 */
export function originOf(
  headers: Readonly<Record<string, string>>,
  remoteAddress: () => string,
  trustProxy: boolean,
): { ip: string; secure: boolean } {
  const forwardedFor = trustProxy ? headers['x-forwarded-for']?.split(',')[0]?.trim() : undefined;
  return {
    ip: forwardedFor || remoteAddress(),
    secure: trustProxy && headers['x-forwarded-proto']?.split(',')[0]?.trim() === 'https',
  };
}
