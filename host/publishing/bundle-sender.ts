import type { PushEndpoint } from '../../core/model/push-publishing.js';
import type { Bundle } from '../../core/publishing/bundle.js';
import { OutboundHttpError } from '../../core/plugin/outbound-http.js';
import type { BundleSender } from '../../core/publishing/push-jobs.js';
import type { AddressAllowList } from '../outbound/address-allow-list.js';
import { UndiciOutboundHttp } from '../outbound/undici-outbound-http.js';
import { serviceVersion } from '../startup/version.js';

/** The path a receiving instance takes bundles on. */
export const BUNDLE_PUBLISH_PATH = '/api/bundlePublisher/publish';

/** How much of an endpoint's answer is read: enough for an error message, never a flood. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * Posts bundles through the host's outbound HTTP: a timeout on connecting, on the answer's headers
 * and on its body, a cap on what is read of the answer, and a user agent. Private-network addresses
 * are reached only when `push.allowed.addresses` lists them, checked on the address connected to:
 * an endpoint is whatever an administrator typed, and an administrator's account is not meant to
 * reach the installation's own network (cloud metadata, internal services). Redirects are not
 * followed (a receiver answers the bundle itself). Errors name the endpoint and the answer's
 * status, never the key (they become the job's last error, shown over REST).
 */
export function bundleSender(options: {
  timeoutMs: number;
  maxBundleBytes: number;
  allowedAddresses: AddressAllowList;
}): BundleSender {
  const http = new UndiciOutboundHttp({
    userAgent: `cms-push/${serviceVersion()}`,
    timeoutMs: options.timeoutMs,
    maxResponseBytes: MAX_ANSWER_BYTES,
    allowPrivate: options.allowedAddresses,
    maxRedirects: 0,
    // Pushes are rare: no idle connection is kept, so nothing holds the process open and the
    // client needs no closing on shutdown.
    keepAlive: false,
  });
  return async (endpoint: PushEndpoint, key: string, bundle: Bundle, signal: AbortSignal) => {
    const body = JSON.stringify(bundle);
    if (Buffer.byteLength(body) > options.maxBundleBytes)
      throw new Error(`the bundle is larger than push.max.bundle.bytes (${options.maxBundleBytes})`);
    const url = `${endpoint.protocol}://${endpoint.address}:${endpoint.port}${BUNDLE_PUBLISH_PATH}`;
    let answer;
    try {
      answer = await http.request(url, {
        method: 'POST',
        body,
        signal,
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          'idempotency-key': bundle.bundleId,
        },
        truncateBodyAt: MAX_ANSWER_BYTES,
      });
    } catch (error) {
      const hint =
        error instanceof OutboundHttpError && error.code === 'OUTBOUND_ADDRESS_REFUSED'
          ? ' (push.allowed.addresses lists the private addresses pushes may reach)'
          : '';
      throw new Error(`endpoint ${endpoint.serverName} could not be reached: ${(error as Error).message}${hint}`);
    }
    const text = answer.body.toString('utf8');
    if (answer.status < 200 || answer.status >= 300)
      throw new Error(`endpoint ${endpoint.serverName} answered ${answer.status}: ${text.slice(0, 300)}`);
  };
}
