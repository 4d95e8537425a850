import type { JobQueue } from '../jobs/job-queue.js';
import type { PushEndpoint, PushRecord, PushStatus } from '../model/push-publishing.js';
import type { JobHandler } from '../plugin/job-handler.js';
import type { Repositories, Storage } from '../plugin/storage/index.js';
import { bundleHash, type Bundle } from './bundle.js';
import type { BundleBuilder } from './bundle-builder.js';
import type { SecretSealer } from '../plugin/secret-sealer.js';

/** The job a Push Publish or Push Now writes in the fire: one per pushed item. */
export const PUSH_JOB = 'push';
/** The job that sends one item to one endpoint. */
export const PUSH_SEND_JOB = 'push.send';

export interface PushJobPayload {
  bundleId: string;
  identifier: string;
  /** Environment names; null for every environment. */
  environments: string[] | null;
  force: boolean;
}

export interface PushSendPayload {
  bundleId: string;
  identifier: string;
  endpointId: string;
  force: boolean;
}

/** Sends a bundle to an endpoint with its key; throws when the endpoint did not accept it. */
export type BundleSender = (endpoint: PushEndpoint, key: string, bundle: Bundle, signal: AbortSignal) => Promise<void>;

/**
 * The two durable jobs of a push. `push` resolves the environments to their enabled endpoints and
 * writes one `push.send` job per endpoint (keyed by bundle and endpoint, so a repeated run writes
 * none twice): each endpoint is then retried, and ends dead, on its own. `push.send` builds the
 * bundle from the item as it is when sent and records the outcome per endpoint.
 */
export function pushJobHandlers(deps: {
  storage: Storage;
  queue: JobQueue;
  builder: BundleBuilder;
  secrets: SecretSealer;
  send: BundleSender;
  now?: () => number;
}): [JobHandler<PushJobPayload>, JobHandler<PushSendPayload>] {
  const { storage, queue, builder, secrets, send } = deps;
  const now = deps.now ?? Date.now;
  /** Writes the record of an endpoint and item, keeping what the endpoint last accepted unless told. */
  const record = async (
    tx: Repositories,
    { endpointId, bundleId, identifier }: { endpointId: string; bundleId: string; identifier: string },
    status: PushStatus,
    rest: Partial<PushRecord> = {},
  ) => {
    const previous = await tx.publishing.findRecord(endpointId, identifier);
    await tx.publishing.putRecord({
      endpointId,
      identifier,
      bundleId,
      status,
      sentHash: previous?.sentHash ?? null,
      lastError: null,
      updatedAt: now(),
      ...rest,
    });
  };
  const recordNow = (payload: PushSendPayload, status: PushStatus, rest?: Partial<PushRecord>) =>
    storage.transaction((tx) => record(tx, payload, status, rest));

  const fanOut: JobHandler<PushJobPayload> = {
    kind: PUSH_JOB,
    run: async (payload, { logger }) => {
      const environments = (await storage.publishing.listEnvironments()).filter(
        (e) => payload.environments === null || payload.environments.includes(e.name),
      );
      for (const environment of environments) {
        const endpoints = (await storage.publishing.listEndpoints(environment.id)).filter((e) => e.enabled);
        // PUSH_TO_ONE: the original picks one endpoint of the group; the first one here.
        for (const endpoint of environment.pushToAll ? endpoints : endpoints.slice(0, 1)) {
          // The record is written with the job, so the job's own records always come after it.
          await storage.transaction(async (tx) => {
            await record(tx, { ...payload, endpointId: endpoint.id }, 'BUNDLE_REQUESTED');
            await queue.enqueue(tx, {
              kind: PUSH_SEND_JOB,
              payload: {
                bundleId: payload.bundleId,
                identifier: payload.identifier,
                endpointId: endpoint.id,
                force: payload.force,
              },
              key: `push:${payload.bundleId}:${endpoint.id}`,
            });
          });
        }
      }
      // As the original: names that match no environment are logged, and the rest pushed to.
      const unknown = (payload.environments ?? []).filter((name) => !environments.some((e) => e.name === name));
      if (unknown.length > 0) logger.warn({ environments: unknown }, 'Push environments not found');
    },
  };

  const sendOne: JobHandler<PushSendPayload> = {
    kind: PUSH_SEND_JOB,
    run: async (payload, { signal }) => {
      const endpoint = await storage.publishing.findEndpoint(payload.endpointId);
      // Removed since the push was asked for: nothing to send to.
      if (!endpoint) return;
      try {
        const bundle = await builder.build(storage, payload.identifier, payload.bundleId);
        const hash = bundleHash(bundle);
        const previous = await storage.publishing.findRecord(endpoint.id, payload.identifier);
        if (!payload.force && previous?.sentHash === hash) {
          await recordNow(payload, 'SKIPPED_UNCHANGED');
          return;
        }
        await recordNow(payload, 'SENDING_TO_ENDPOINTS');
        await send(endpoint, secrets.open(endpoint.authKey), bundle, signal);
        await recordNow(payload, 'SUCCESS', { sentHash: hash });
      } catch (error) {
        // The message names the endpoint and the answer, never the key (see the sender).
        await recordNow(payload, 'FAILED_TO_SENT', { lastError: (error as Error).message });
        throw error;
      }
    },
  };
  return [fanOut, sendOne];
}
