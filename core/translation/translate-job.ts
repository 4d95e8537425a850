import type { JobQueue } from '../jobs/job-queue.js';
import { InvalidError } from '../plugin/plugin-errors.js';
import type { SecretSealer } from '../plugin/secret-sealer.js';
import type { Repositories } from '../plugin/storage/index.js';
import type { ContentTranslation } from '../plugin/translation-provider.js';

/** The kind of the built-in job that translates content, run by the service with the configured provider. */
export const TRANSLATE_JOB = 'translate';

/** What a `translate` job carries. */
export interface TranslateJobPayload {
  identifier: string;
  /** The language translated from: its working version is read when the job runs. */
  languageId: number;
  /** The languages translated to, by id. */
  targetLanguageIds: number[];
  /** The fields translated; every other field is copied as it is. */
  fields: Array<{ variable: string; format: 'text' | 'html' }>;
  /** The API key asked for, sealed with the installation's key, or null for none. */
  sealedApiKey: string | null;
  /** Who the translated versions are saved as: the user who fired the action. */
  userId: string;
}

/**
 * Writes a `translate` job in the fire's transaction (what `ActionletContext.translate` does): the
 * key is sealed before it is stored, since the payload is kept as plain JSON.
 */
export async function enqueueTranslation(
  deps: { jobs: JobQueue; secrets?: SecretSealer | undefined },
  tx: Repositories,
  request: ContentTranslation & { identifier: string | null; languageId: number; userId: string },
): Promise<void> {
  const { identifier, languageId, userId, targetLanguageIds, fields } = request;
  if (!identifier) throw new InvalidError('The content must be saved before it is translated');
  const apiKey = request.apiKey?.trim();
  if (apiKey && !deps.secrets) throw new Error('This host seals no secrets: an API key cannot be stored');
  const payload: TranslateJobPayload = {
    identifier,
    languageId,
    targetLanguageIds: [...targetLanguageIds],
    fields: fields.map(({ variable, format }) => ({ variable, format })),
    sealedApiKey: apiKey ? deps.secrets!.seal(apiKey) : null,
    userId,
  };
  await deps.jobs.enqueue(tx, { kind: TRANSLATE_JOB, payload });
}
