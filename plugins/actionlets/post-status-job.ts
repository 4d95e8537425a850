import { defineJobHandler, type OutboundHttp, type SecretSealer } from '../../core/plugin/kit.js';
import { oauth1Authorization, type OAuth1Credentials } from './social/oauth1.js';

export const POST_STATUS_JOB = 'social-status';

/** The job's payload: the credentials are sealed, so the job table never holds them in clear. */
export interface PostStatusPayload {
  text: string;
  credentials: string;
}

/** Posts `{ text }` to `<base>/2/tweets` (X API v2), signed with OAuth 1.0a for the account of the credentials. */
export function postStatusJob(options: { http: OutboundHttp; secrets: SecretSealer; baseUrl: string }) {
  return defineJobHandler<PostStatusPayload>({
    kind: POST_STATUS_JOB,
    run: async ({ text, credentials }, { signal, logger }) => {
      const url = `${options.baseUrl.replace(/\/+$/, '')}/2/tweets`;
      const signed = JSON.parse(options.secrets.open(credentials)) as OAuth1Credentials;
      const answer = await options.http.request(url, {
        method: 'POST',
        signal,
        body: JSON.stringify({ text }),
        headers: {
          'content-type': 'application/json',
          authorization: oauth1Authorization({ method: 'POST', url }, signed),
        },
      });
      // NOTE: the message becomes the job's last error, shown over REST: the status only, never the request.
      if (answer.status < 200 || answer.status >= 300) throw new Error(`the X API answered ${answer.status}`);
      logger.info({ status: answer.status }, 'status posted');
    },
  });
}
