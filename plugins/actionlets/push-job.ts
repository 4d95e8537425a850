import { randomUUID } from 'node:crypto';
import { InvalidError, type ActionletContext } from '../../core/plugin/kit.js';

/**
 * Writes the durable `push` job of the fired item in the fire's transaction: after the commit it
 * is sent to every enabled endpoint of `environments` (names; null: every environment), each
 * endpoint retried on its own. The bundle is built when it is sent, from the item as it is then.
 */
export async function enqueuePush(
  context: ActionletContext,
  environments: string[] | null,
  force: boolean,
): Promise<void> {
  const { identifier } = context.item;
  if (!identifier) throw new InvalidError('The content must be saved before it is pushed');
  const bundleId = randomUUID();
  await context.enqueue('push', { bundleId, identifier, environments, force }, { key: `push:${bundleId}` });
}
