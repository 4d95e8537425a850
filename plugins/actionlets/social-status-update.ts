import { InvalidError, type SecretSealer } from '../../core/plugin/kit.js';
import { catalogueActionlet } from './define.js';
import { optional, required, secret } from './param.js';
import { POST_STATUS_JOB, type PostStatusPayload } from './post-status-job.js';

/** What X accepts in one post. */
const MAX_CHARACTERS = 280;

/**
 * Social Status Update. The text is taken now, from the item as the fire leaves it, and the post is
 * a durable job: it is made only when the fire commits, and retried when X cannot be reached.
 */
export function socialStatusUpdate(secrets: SecretSealer) {
  return catalogueActionlet({
    className: 'SocialActionlet',
    name: 'Social Status Update',
    howTo:
      'Posts the title of the content (or the value of the field fieldVar names) to an X account, with the given OAuth 1.0a credentials, once the action has completed.',
    parameters: [
      required('consumerKey', 'Consumer key'),
      secret('consumerSecret', 'Consumer secret'),
      required('accessToken', 'Access token'),
      secret('accessTokenSecret', 'Access token secret'),
      optional('fieldVar', 'Field holding the status text (variable name)'),
    ],
    run: async (context) => {
      const { consumerKey, consumerSecret, accessToken, accessTokenSecret, fieldVar } = context.params;
      // The field's value as the fire leaves it; the item's title (which may be shortened) when there is no title field.
      const value = fieldVar ? context.item.values[fieldVar] : (context.item.values.title ?? context.item.title);
      const text = typeof value === 'string' ? value.trim() : '';
      if (!text) return;
      if ([...text].length > MAX_CHARACTERS) {
        throw new InvalidError(`The status is longer than ${MAX_CHARACTERS} characters`, {
          code: 'WORKFLOW_STATUS_TOO_LONG',
          fieldName: fieldVar || 'title',
        });
      }
      const credentials = secrets.seal(JSON.stringify({ consumerKey, consumerSecret, accessToken, accessTokenSecret }));
      await context.enqueue(POST_STATUS_JOB, { text, credentials } satisfies PostStatusPayload);
    },
  });
}
