// @ts-check
// An actionlet as a third party writes it: one file, the plugin kit and nothing else of the service.
import {
  InvalidError,
  PLUGIN_API_VERSION,
  defineActionlet,
  definePlugin,
  defineProperties,
  readProperties,
} from 'cms/plugin';

const properties = defineProperties({
  'notify.url.timeout.ms': {
    type: 'int',
    default: 5000,
    min: 100,
    max: 60000,
    description: 'How long a Notify URL call may take before it is abandoned (the fire waits for it).',
  },
  'notify.url.allow.private': {
    type: 'bool',
    default: false,
    description:
      'Let Notify URL call private-network addresses (loopback, RFC 1918, link-local, unique local). Off, such a call fails (and is logged), so that an association cannot make the server probe its own network.',
  },
});

/**
 * The URL parameter, checked when the action fires (an association only checks that it is there).
 * A bad one fails the fire with a 400 that names the parameter; nothing the fire did is kept.
 * @param {string | undefined} text
 */
function targetOf(text) {
  let url;
  try {
    url = new URL(text ?? '');
  } catch {
    throw new InvalidError(`Notify URL: "${text}" is not a URL`, { fieldName: 'url' });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InvalidError(`Notify URL: the URL must be http or https, not ${url.protocol}`, { fieldName: 'url' });
  }
  return url;
}

/**
 * @param {import('cms/plugin').OutboundHttp} http the service's client: its timeout, size limit and
 *   private-address guard apply to every call
 * @param {number} timeoutMs
 */
export function notifyUrlActionlet(http, timeoutMs) {
  return defineActionlet({
    actionClass: 'com.example.cms.NotifyUrlActionlet',
    name: 'Notify URL',
    howTo:
      'Once the action has committed, POSTs the item (identifier, inode, content type, title) and the event name as JSON to the URL. A failed call (an error status, a redirect, a private address) is logged and does not undo the action.',
    parameters: [
      { key: 'url', displayName: 'URL to call (http or https)', defaultValue: null, required: true },
      { key: 'event', displayName: 'Event name sent with the call', defaultValue: 'content.changed', required: false },
    ],
    run(context) {
      const url = targetOf(context.params.url);
      const event = context.params.event ?? 'content.changed';
      // Never call out from inside the transaction: the fire could still roll back. The effect runs
      // once the fire has committed (and never when it rolls back), before the fire is answered.
      context.afterCommit(async () => {
        const { identifier, inode, contentType, title, languageId } = context.item; // as the fire left it
        const response = await http.request(url.href, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ event, identifier, inode, contentType, title, languageId, by: context.user.email }),
          signal: AbortSignal.timeout(timeoutMs),
          // The URL configured is the one called: a redirect is a failure, never followed elsewhere.
          maxRedirects: 0,
          discardBody: true,
        });
        // Thrown here, an error is logged with the actionlet's class; the fire has committed and stays.
        if (response.status < 200 || response.status >= 300)
          throw new Error(`${url.origin} answered ${response.status}`);
        // The origin only: a URL's path or query may carry a token.
        context.logger.info({ origin: url.origin, status: response.status, event }, 'notified');
      });
    },
  });
}

export default definePlugin({
  name: 'example-notify-url',
  apiVersion: PLUGIN_API_VERSION,
  cmsVersion: '^0.1.0',
  description: 'The Notify URL actionlet',
  properties,
  setup: ({ config, outbound }) => {
    if (!outbound) throw new Error('this service gives plugins no outbound HTTP clients');
    const read = readProperties(config, properties);
    // Never fetch() directly: the service's client refuses private addresses (unless allowed here),
    // bounds what it reads, and checks the address it connects to, so DNS cannot point it inward.
    const http = outbound.client({ allowPrivate: read['notify.url.allow.private'] });
    return { actionlets: [notifyUrlActionlet(http, read['notify.url.timeout.ms'])] };
  },
});
