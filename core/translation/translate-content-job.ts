import type { ContentService } from '../content/content-service.js';
import type { ContentVersion } from '../model/contentlet.js';
import { defineJobHandler, type JobHandler } from '../plugin/job-handler.js';
import type { SecretSealer } from '../plugin/secret-sealer.js';
import type { Repositories, Storage } from '../plugin/storage/index.js';
import type { TranslationProvider } from '../plugin/translation-provider.js';
import { TRANSLATE_JOB, type TranslateJobPayload } from './translate-job.js';

type Field = TranslateJobPayload['fields'][number];

/** The translated values of one language, by field variable. */
type Translated = Record<string, string>;

/**
 * Runs `translate` jobs: reads the item's working version in its language, has the configured
 * provider translate the listed fields into each target language, then saves each language's
 * version in one transaction. Provider calls come first, so a failure leaves nothing half written
 * and a retry starts over.
 */
export function translateContentJob(deps: {
  storage: Storage;
  content: ContentService;
  provider: TranslationProvider;
  secrets: SecretSealer;
}): JobHandler<TranslateJobPayload> {
  return defineJobHandler<TranslateJobPayload>({
    kind: TRANSLATE_JOB,
    run: async (payload, { signal, logger }) => {
      const source = await readSource(deps.storage, payload);
      if (!source) {
        // Removed since the fire: there is nothing left to translate, and retrying cannot change that.
        logger.warn({ identifier: payload.identifier }, 'translation skipped: the item is gone');
        return;
      }
      const apiKey = payload.sealedApiKey === null ? undefined : deps.secrets.open(payload.sealedApiKey);
      const translations = new Map<number, Translated>();
      for (const target of source.targets) {
        translations.set(
          target.id,
          await translateFields(deps.provider, source.version, payload.fields, {
            from: source.languageCode,
            to: target.languageCode,
            apiKey,
            signal,
          }),
        );
      }
      await deps.storage.transaction(async (tx) => {
        for (const [languageId, translated] of translations) {
          await saveTranslation(tx, deps.content, payload, { source, languageId, translated });
        }
      });
      logger.info({ identifier: payload.identifier, languages: [...translations.keys()] }, 'translated versions saved');
    },
  });
}

interface Source {
  version: ContentVersion;
  /** True when the working version is the live one: the translations are published too. */
  live: boolean;
  languageCode: string;
  targets: Array<{ id: number; languageCode: string }>;
}

async function readSource(storage: Storage, payload: TranslateJobPayload): Promise<Source | undefined> {
  const state = await storage.content.findState(payload.identifier, payload.languageId);
  if (!state || state.archived) return undefined;
  const version = await storage.content.findVersion(state.workingInode);
  const language = await storage.languages.findById(payload.languageId);
  if (!version || !language) return undefined;
  const targets = [];
  // A language removed since the fire is skipped, not retried for ever.
  for (const id of payload.targetLanguageIds) {
    const target = await storage.languages.findById(id);
    if (target) targets.push({ id, languageCode: target.languageCode });
  }
  return { version, live: state.liveInode === state.workingInode, languageCode: language.languageCode, targets };
}

/** One provider call per format (plain text, HTML), for the fields that hold text. */
async function translateFields(
  provider: TranslationProvider,
  version: ContentVersion,
  fields: readonly Field[],
  request: { from: string; to: string; apiKey: string | undefined; signal: AbortSignal },
): Promise<Translated> {
  const translated: Translated = {};
  for (const format of ['text', 'html'] as const) {
    const chosen = fields.filter((f) => f.format === format && isText(version.values[f.variable]));
    if (chosen.length === 0) continue;
    const texts = chosen.map((f) => version.values[f.variable] as string);
    const answer = await provider.translate({ ...request, texts, format });
    if (answer.length !== texts.length) {
      throw new Error(`translation provider ${provider.name} answered ${answer.length} texts for ${texts.length}`);
    }
    chosen.forEach((f, i) => (translated[f.variable] = answer[i]!));
  }
  return translated;
}

/** Empty values are not sent: there is nothing to translate. */
function isText(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/**
 * A new working version of the language (a first one, or one more), through the content service
 * as any save: every field of the source, the translated ones replaced. Published when the source
 * is live. A language version without a workflow task joins the source's scheme and step.
 */
async function saveTranslation(
  tx: Repositories,
  content: ContentService,
  payload: TranslateJobPayload,
  write: { source: Source; languageId: number; translated: Translated },
): Promise<void> {
  const { identifier, userId } = payload;
  const { source, languageId, translated } = write;
  await content.saveWorkingVersion(
    tx,
    { identifier, languageId, values: { ...source.version.values, ...translated } },
    { userId, replaceAll: true },
  );
  if (source.live) await content.publish(tx, identifier, languageId);
  const sourceTask = await tx.tasks.find(identifier, payload.languageId);
  if (sourceTask && !(await tx.tasks.find(identifier, languageId))) {
    const now = Date.now();
    await tx.tasks.put({ ...sourceTask, languageId, createdBy: userId, creationDate: now, modDate: now });
  }
}
