import { CmsError, Errors } from '../../core/errors/index.js';
import { OutboundHttpError } from '../../core/plugin/outbound-http.js';
import type { AddressAllowList } from './address-allow-list.js';
import { UndiciOutboundHttp } from './undici-outbound-http.js';
import { serviceVersion } from '../startup/version.js';

/** What is read of the remote answer: a key and its metadata, never more. */
const MAX_ANSWER_BYTES = 64 * 1024;

export interface RemoteTokenRequest {
  remote: { protocol: 'http' | 'https'; host: string; port: number };
  /** The remote account; the password as the original's clients send it, in base64. */
  auth: { login: string; password?: string };
  token: { expirationSeconds: number; network?: string; claims?: { label?: string } };
}

/** The remote installation's answer, passed on as it came (the original does so). */
export interface RemoteTokenAnswer {
  status: number;
  contentType: string;
  body: string;
}

/**
 * Asks another installation for an API key for its account (`PUT /api/v1/apitoken/remote`, used to
 * set up push endpoints): `POST /api/v1/apitoken` there with Basic credentials, asking that the
 * account be an administrator. The call keeps the outbound rules: a timeout on connecting and on
 * the answer, a cap on what is read, no redirect followed (the credentials go to the URL given and
 * nowhere else), and private-network addresses only when `push.allowed.addresses` lists them,
 * checked on the address connected to (the remote is whatever an administrator typed).
 */
export function remoteApiTokenRequester(options: {
  timeoutMs: number;
  allowedAddresses: AddressAllowList;
}): (request: RemoteTokenRequest) => Promise<RemoteTokenAnswer> {
  const http = new UndiciOutboundHttp({
    userAgent: `cms/${serviceVersion()}`,
    timeoutMs: options.timeoutMs,
    maxResponseBytes: MAX_ANSWER_BYTES,
    allowPrivate: options.allowedAddresses,
    maxRedirects: 0,
    // Rare calls: no idle connection is kept, so nothing holds the process open.
    keepAlive: false,
  });
  return async ({ remote, auth, token }) => {
    const host = remote.host.includes(':') && !remote.host.startsWith('[') ? `[${remote.host}]` : remote.host;
    const url = `${remote.protocol}://${host}:${remote.port}/api/v1/apitoken`;
    const password = auth.password ? Buffer.from(auth.password, 'base64').toString('utf8') : '';
    const credentials = Buffer.from(`${auth.login}:${password}`, 'utf8').toString('base64');
    let answer;
    try {
      answer = await http.request(url, {
        method: 'POST',
        headers: { authorization: `Basic ${credentials}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          expirationSeconds: token.expirationSeconds,
          ...(token.network !== undefined ? { network: token.network } : {}),
          ...(token.claims !== undefined ? { claims: token.claims } : {}),
          shouldBeAdmin: true,
        }),
        truncateBodyAt: MAX_ANSWER_BYTES,
      });
    } catch (error) {
      if (error instanceof OutboundHttpError && error.code === 'OUTBOUND_ADDRESS_REFUSED')
        throw new CmsError(Errors.TOKEN_REMOTE_ADDRESS_REFUSED, { host: remote.host });
      if (error instanceof OutboundHttpError) throw new CmsError(Errors.TOKEN_REMOTE_UNREACHABLE, { url });
      throw error;
    }
    const type = answer.headers['content-type'];
    return {
      status: answer.status,
      contentType: (Array.isArray(type) ? type[0] : type) ?? 'application/json',
      body: answer.body.toString('utf8'),
    };
  };
}
