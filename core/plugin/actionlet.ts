import type { Logger } from '../logger.js';

/** A parameter an actionlet takes, as the catalogue shows it. */
export interface ActionletParameter {
  key: string;
  displayName: string;
  defaultValue: string | null;
  required: boolean;
}

/**
 * What an actionlet sees while an action fires. The workflow engine builds it; everything an
 * actionlet does to stored data goes through the services it offers, inside the fire's transaction.
 */
export interface ActionletContext {
  /** Parameter values of this association, defaults applied. */
  readonly params: Readonly<Record<string, string>>;
  readonly logger: Logger;
  /** Stops the remaining sub-actions of this fire (the fire itself still completes). */
  stopProcessing(): void;
  /**
   * Registers a side effect that leaves the process (mail, HTTP call, push). It runs after the fire
   * commits, and never when the fire rolls back.
   */
  afterCommit(effect: () => Promise<void>): void;
}

/**
 * A sub-action of a workflow action. Identified by `actionClass`, the fully qualified class name
 * the REST interface shows; a third-party actionlet brings its own.
 *
 * Throwing from `preSave` or `run` fails the fire, and nothing it did is kept.
 *
 * @example
 * export const shout: Actionlet = {
 *   actionClass: 'com.acme.ShoutActionlet',
 *   name: 'Shout',
 *   howTo: 'Logs the message',
 *   parameters: [{ key: 'message', displayName: 'Message', defaultValue: null, required: true }],
 *   run: (ctx) => ctx.logger.info({ message: ctx.params.message }, 'shout'),
 * };
 */
export interface Actionlet<Context extends ActionletContext = ActionletContext> {
  actionClass: string;
  name: string;
  howTo: string;
  parameters: readonly ActionletParameter[];
  /** Runs before the content is saved: may adjust what is about to be saved. */
  preSave?(context: Context): Promise<void> | void;
  run(context: Context): Promise<void> | void;
}
