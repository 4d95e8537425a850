import { createHmac, randomBytes } from 'node:crypto';

/** RFC 3986 percent-encoding, as OAuth 1.0a requires (encodeURIComponent leaves !'()* alone). */
export function percentEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export interface OAuth1Credentials {
  consumerKey: string;
  consumerSecret: string;
  accessToken: string;
  accessTokenSecret: string;
}

/**
 * The HMAC-SHA1 signature of a request (RFC 5849 §3.4): `params` are the query and form parameters
 * with the `oauth_*` ones; a JSON body is not signed.
 */
export function oauth1Signature(
  request: { method: string; url: string; params: Readonly<Record<string, string>> },
  secrets: { consumerSecret: string; accessTokenSecret: string },
): string {
  const url = new URL(request.url);
  const pairs = Object.entries(request.params).map(([k, v]) => [percentEncode(k), percentEncode(v)] as const);
  for (const [k, v] of url.searchParams) pairs.push([percentEncode(k), percentEncode(v)]);
  pairs.sort(([ka, va], [kb, vb]) => (ka === kb ? (va < vb ? -1 : 1) : ka < kb ? -1 : 1));
  const base = [
    request.method.toUpperCase(),
    percentEncode(`${url.protocol}//${url.host}${url.pathname}`),
    percentEncode(pairs.map(([k, v]) => `${k}=${v}`).join('&')),
  ].join('&');
  const key = `${percentEncode(secrets.consumerSecret)}&${percentEncode(secrets.accessTokenSecret)}`;
  return createHmac('sha1', key).update(base).digest('base64');
}

/** The `Authorization` header of a request signed with OAuth 1.0a (HMAC-SHA1). */
export function oauth1Authorization(
  request: { method: string; url: string; params?: Readonly<Record<string, string>> },
  credentials: OAuth1Credentials,
  fixed: { nonce?: string; timestamp?: number } = {},
): string {
  const oauth: Record<string, string> = {
    oauth_consumer_key: credentials.consumerKey,
    oauth_nonce: fixed.nonce ?? randomBytes(16).toString('hex'),
    oauth_signature_method: 'HMAC-SHA1',
    oauth_timestamp: String(fixed.timestamp ?? Math.floor(Date.now() / 1000)),
    oauth_token: credentials.accessToken,
    oauth_version: '1.0',
  };
  oauth.oauth_signature = oauth1Signature(
    { method: request.method, url: request.url, params: { ...request.params, ...oauth } },
    credentials,
  );
  return (
    'OAuth ' +
    Object.entries(oauth)
      .map(([k, v]) => `${percentEncode(k)}="${percentEncode(v)}"`)
      .join(', ')
  );
}
