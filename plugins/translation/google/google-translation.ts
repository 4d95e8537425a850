import {
  UnavailableError,
  type OutboundHttp,
  type TranslationProvider,
  type TranslationRequest,
} from '../../../core/plugin/kit.js';

/** The answer of `POST /language/translate/v2`, as far as it is read. */
interface TranslateAnswer {
  data?: { translations?: Array<{ translatedText?: unknown }> };
  error?: { message?: unknown };
}

/**
 * Google Cloud Translation v2: `POST <base>/language/translate/v2?key=<key>` with
 * `{ q: [...], source, target, format }`, answered with `data.translations[].translatedText` in
 * the order sent. The key is in the query string as the API expects; error messages name the
 * status and the API's own message, never the URL.
 */
export function googleTranslation(options: {
  http: OutboundHttp;
  baseUrl: string;
  /** Used when a request brings no key. */
  apiKey: string;
}): TranslationProvider {
  const endpoint = `${options.baseUrl.replace(/\/+$/, '')}/language/translate/v2`;
  return {
    name: 'google',
    translate: async (request: TranslationRequest) => {
      const key = request.apiKey || options.apiKey;
      if (!key) {
        throw new UnavailableError(
          'Translate Content has no API key: give its apiKey parameter or set translation.google.api.key',
          { code: 'TRANSLATION_API_KEY_MISSING' },
        );
      }
      const answer = await options.http.request(`${endpoint}?key=${encodeURIComponent(key)}`, {
        method: 'POST',
        signal: request.signal,
        headers: { 'content-type': 'application/json; charset=utf-8', accept: 'application/json' },
        body: JSON.stringify({ q: request.texts, source: request.from, target: request.to, format: request.format }),
      });
      const parsed = parseAnswer(answer.body);
      if (answer.status !== 200) {
        const said = typeof parsed?.error?.message === 'string' ? `: ${parsed.error.message.slice(0, 200)}` : '';
        throw new Error(`the translation service answered ${answer.status}${said.replaceAll(key, '***')}`);
      }
      const texts = parsed?.data?.translations?.map((t) => t.translatedText);
      if (!texts || texts.length !== request.texts.length || texts.some((t) => typeof t !== 'string')) {
        throw new Error('the translation service answered something other than one translation per text');
      }
      return texts as string[];
    },
  };
}

function parseAnswer(body: Buffer): TranslateAnswer | undefined {
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    return parsed && typeof parsed === 'object' ? (parsed as TranslateAnswer) : undefined;
  } catch {
    return undefined;
  }
}
