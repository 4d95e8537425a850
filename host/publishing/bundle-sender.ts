import { Agent, request } from 'undici';
import type { PushEndpoint } from '../../core/model/push-publishing.js';
import type { Bundle } from '../../core/publishing/bundle.js';
import type { BundleSender } from '../../core/publishing/push-jobs.js';
import { serviceVersion } from '../version.js';

/** The path a receiving instance takes bundles on. */
export const BUNDLE_PUBLISH_PATH = '/api/bundlePublisher/publish';

/** How much of an endpoint's answer is read: enough for an error message, never a flood. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * Posts bundles with undici: a timeout on connecting, on the answer's headers and on its body, a
 * cap on what is read of the answer, and a user agent. Errors name the endpoint and the answer's
 * status, never the key (they become the job's last error, shown over REST).
 * NOTE: private to push publishing for now; to be unified with the shared outbound HTTP helper.
 */
export function bundleSender(options: { timeoutMs: number; maxBundleBytes: number }): BundleSender {
  const userAgent = `cms-push/${serviceVersion()}`;
  const timeouts = { headersTimeout: options.timeoutMs, bodyTimeout: options.timeoutMs };
  const dispatcher = new Agent({ connect: { timeout: options.timeoutMs }, ...timeouts });
  return async (endpoint: PushEndpoint, key: string, bundle: Bundle, signal: AbortSignal) => {
    const body = JSON.stringify(bundle);
    if (Buffer.byteLength(body) > options.maxBundleBytes)
      throw new Error(`the bundle is larger than push.max.bundle.bytes (${options.maxBundleBytes})`);
    const url = `${endpoint.protocol}://${endpoint.address}:${endpoint.port}${BUNDLE_PUBLISH_PATH}`;
    let answer;
    try {
      answer = await request(url, {
        method: 'POST',
        body,
        signal,
        headers: {
          authorization: `Bearer ${key}`,
          'content-type': 'application/json',
          'user-agent': userAgent,
          'idempotency-key': bundle.bundleId,
        },
        ...timeouts,
        dispatcher,
        // Pushes are rare: no idle connection is kept to hold the process open.
        reset: true,
      });
    } catch (error) {
      throw new Error(`endpoint ${endpoint.serverName} could not be reached: ${(error as Error).message}`);
    }
    const text = await readCapped(answer.body, MAX_ANSWER_BYTES);
    if (answer.statusCode < 200 || answer.statusCode >= 300)
      throw new Error(`endpoint ${endpoint.serverName} answered ${answer.statusCode}: ${text.slice(0, 300)}`);
  };
}

async function readCapped(body: AsyncIterable<Buffer> & { destroy(): void }, max: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > max) {
      body.destroy();
      break;
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}
