import type { Logger } from '../logger.js';
import type { MailMessage } from './mail-transport.js';
import type { ContentTranslation } from './translation-provider.js';

/** A parameter an actionlet takes, as the catalogue shows it. */
export interface ActionletParameter {
  key: string;
  displayName: string;
  defaultValue: string | null;
  required: boolean;
  /**
   * What the value names, when the service can check it as the actionlet is added to an action:
   * `field`, the variable of a field of the content types the action's scheme is bound to (a value no
   * bound type has is refused). Not shown in the catalogue.
   */
  names?: 'field';
  /**
   * The value is a credential (an API key, an OAuth secret, a password): REST answers show it masked
   * (`********`), and the actionlet never logs it nor puts it in a job payload in clear.
   */
  secret?: boolean;
}

/** The content item a fire acts on, as actionlets see it. */
export interface FiredContent {
  /** Null until the item has been saved once. */
  readonly identifier: string | null;
  readonly inode: string | null;
  readonly languageId: number;
  readonly contentType: string;
  /** Field values: what was submitted with the fire, merged over the saved values. */
  readonly values: Readonly<Record<string, unknown>>;
  readonly title: string;
}

/**
 * Content operations an actionlet may perform. They run inside the fire's transaction: if any
 * actionlet fails, none of them is kept. They run with the firing user's permissions: saving and
 * locking need WRITE, publishing, archiving and removing need PUBLISH; a refusal throws a
 * forbidden error (`PERMISSION_DENIED`) that fails the fire.
 */
export interface ContentOperations {
  /** Saves the submitted values as the working version (Save content). */
  save(): Promise<void>;
  /** Saves a working version that may still miss required values (Save Draft content). */
  saveDraft(): Promise<void>;
  publish(): Promise<void>;
  unpublish(): Promise<void>;
  archive(): Promise<void>;
  unarchive(): Promise<void>;
  /** Removes the item in this language; irreversible. */
  delete(): Promise<void>;
  /** Removes every version of the item in every language. */
  destroy(): Promise<void>;
  lock(): Promise<void>;
  unlock(): Promise<void>;
  /** Creates a copy of the item; the fire goes on with the original. */
  copy(): Promise<void>;
  /** Sets a value to be saved (before the save, in `preSave`) or saves it as a new version (after). */
  setValue(fieldVariable: string, value: unknown): Promise<void>;
}

/** A language of the installation, as actionlets see it. */
export interface ContentLanguage {
  readonly id: number;
  /** Lower case (`en`). */
  readonly languageCode: string;
  /** Upper case (`US`); may be empty. */
  readonly countryCode: string;
}

/** A field of the fired item's content type, as actionlets see it. */
export interface ItemField {
  readonly variable: string;
  /** The canonical class name (`com.cms.contenttype.model.field.ImmutableTextField`). */
  readonly className: string;
  /** `TEXT`, `LONG_TEXT`, `INTEGER`, … */
  readonly dataType: string;
}

/** A user an actionlet addresses (a recipient, an approver). */
export interface WorkflowUser {
  readonly userId: string;
  readonly email: string;
  readonly firstName: string;
  readonly lastName: string;
}

/** A file the service stores (the value of a Binary field). */
export interface StoredFile {
  /** What a mail attachment's `source.assetPath` takes. */
  assetPath: string;
  fileName: string;
  size: number;
}

/** What a list of user references names (see {@link WorkflowOperations.findUsers}). */
export interface FoundUsers {
  /** Active users named by id or e-mail address, or active members of a named role; each once, in the order named. */
  users: WorkflowUser[];
  /** E-mail addresses that belong to no user, each once. */
  addresses: string[];
  /** References that name no active user, role or address. */
  unknown: string[];
}

/** Workflow operations an actionlet may perform on the item's task. */
export interface WorkflowOperations {
  addComment(text: string): Promise<void>;
  /** Moves the item to the first step of its scheme (the action's next step is then not applied). */
  resetToFirstStep(): Promise<void>;
  /** Keeps the item on its current step: the action's next step is not applied (the history still records the fire). */
  stayOnStep(): void;
  /** E-mail addresses of the task's assignee (a user, or every member of a role); empty when unassigned. */
  assigneeEmails(): Promise<string[]>;
  /**
   * Resolves user references: user ids, e-mail addresses, role keys or role ids (a role stands for
   * its active members). Empty references are ignored.
   */
  findUsers(references: readonly string[]): Promise<FoundUsers>;
  /**
   * Ids of the users who have fired this action on the item since it entered its current step
   * (the firing user included): the approvals an approval actionlet counts. Each user once.
   */
  approvals(): Promise<string[]>;
  /**
   * The file asset at `path` (`/docs/terms.pdf`) on the item's site (the default site for an item
   * of SYSTEM_HOST), in its live version in the
   * item's language: its stored file, to attach to mail. Undefined when there is none (or the item
   * has not been saved). Needs READ on the file, as the firing user.
   */
  fileOnSite(path: string): Promise<StoredFile | undefined>;
  /** Stores a message for each user, readable by that user only (`GET /api/v1/messages`); kept only if the fire commits. */
  postMessage(userIds: readonly string[], text: string): Promise<void>;
}

/**
 * What an actionlet sees while an action fires. The workflow engine builds it; everything an
 * actionlet does to stored data goes through `content` and `workflow`, inside the fire's transaction.
 */
export interface ActionletContext {
  /** Parameter values of this association, defaults applied. */
  readonly params: Readonly<Record<string, string>>;
  readonly logger: Logger;
  readonly item: FiredContent;
  /** The languages configured in the installation, by id. */
  languages(): Promise<readonly ContentLanguage[]>;
  /** The fields of the item's content type, in their order. */
  fields(): Promise<readonly ItemField[]>;
  /** The user firing the action. */
  readonly user: {
    readonly userId: string;
    readonly email: string;
    readonly firstName: string;
    readonly lastName: string;
  };
  /** The comment sent with the fire, when the action is commentable. */
  readonly comment: string | null;
  readonly content: ContentOperations;
  readonly workflow: WorkflowOperations;
  /** Renders a Velocity template with `$content`, `$user` and `$workflow` in scope. */
  render(template: string): string;
  /** Stops the remaining sub-actions of this fire (the fire itself still completes). */
  stopProcessing(): void;
  /**
   * Registers work to run in this process once the fire commits (never when it rolls back). It is
   * held in memory: a crash or restart between the commit and the run loses it. For side effects
   * that leave the process (mail, HTTP calls, pushes), use `enqueue` (or `mail`), which are durable.
   */
  afterCommit(effect: () => Promise<void>): void;
  /**
   * Writes a durable job in the fire's transaction: it exists exactly when the fire commits, and
   * the handler registered for `kind` (see `JobHandler`) runs it after the commit, in whichever
   * process claims it, retried with back-off when it fails. `payload` is stored as JSON. With a
   * `key`, a second job under the same key is not written (the key is also the job's idempotency
   * key, handed to the handler); without one, a random key is used. Answers the job's id.
   */
  enqueue(kind: string, payload: unknown, options?: { key?: string }): Promise<string>;
  /**
   * Mail to send once the fire commits (never when it rolls back), through the configured
   * transport: the message is rendered now and written as a durable `mail` job, sent with a
   * Message-ID made from the job's idempotency key. The way for actionlets to send mail.
   */
  mail(message: Omit<MailMessage, 'from' | 'messageId'> & { from?: string }, options?: { key?: string }): Promise<void>;
  /**
   * Sends mail through the configured transport at once, in memory. Prefer `mail`; this is for
   * third parties that still send from an `afterCommit` effect.
   */
  sendMail(message: Omit<MailMessage, 'from'> & { from?: string }): Promise<void>;
  /**
   * Machine-translates the item into other languages once the fire commits (never when it rolls
   * back): written as a durable job in the fire's transaction, which the service runs with the
   * configured translation provider, creating or updating the item's versions in those languages
   * (published when it is live) as the user firing the action. An item not yet saved is refused (400).
   */
  translate(request: ContentTranslation): Promise<void>;
  /**
   * Queues the item for the search index (every change an actionlet makes through `content` is
   * queued anyway) and, with a policy, makes the fire's answer wait as it says: `DEFER` (not at
   * all), `WAIT_FOR` (until the item is searchable) or `FORCE` (the same, refreshing the index at
   * once). An unknown policy fails the fire with a 400.
   */
  reindex(policy?: string): Promise<void>;
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
 *   run: (ctx) => ctx.logger.info({ message: ctx.render(ctx.params.message ?? '') }, 'shout'),
 * };
 */
export interface Actionlet<Context extends ActionletContext = ActionletContext> {
  actionClass: string;
  name: string;
  howTo: string;
  parameters: readonly ActionletParameter[];
  /** False for actionlets the built-in workflows use that are not part of the public catalogue (Destroy content). */
  listed?: boolean;
  /**
   * When set, this actionlet cannot run in this installation yet (it needs something that is not
   * available): a fire that would run it is refused before any change, with this reason.
   */
  unavailableReason?: string;
  /**
   * True when `run` saves the submitted values (Save content, Save Draft content). Interfaces that
   * send content without naming the sub-actions (the legacy content save) fire only actions holding
   * at least one such actionlet; third-party actionlets that save content set it too.
   */
  savesContent?: boolean;
  /** Runs before the content is saved: may adjust what is about to be saved. */
  preSave?(context: Context): Promise<void> | void;
  run(context: Context): Promise<void> | void;
}

/** Identity function that exists for type inference and editor help. */
export function defineActionlet(actionlet: Actionlet): Actionlet {
  return actionlet;
}
