import { defineProperties } from '../../core/plugin/kit.js';

/** What the actionlets that call other servers read (Link Checker, Social Status Update); timeouts and limits are the host's. */
export const ACTIONLET_PROPERTIES = defineProperties({
  'link.checker.allow.private': {
    type: 'bool',
    default: false,
    group: 'Workflow',
    description:
      'Let Link Checker call private-network addresses (loopback, RFC 1918, link-local, unique local). Off, such links count as broken, so that a link cannot make the server probe its own network.',
  },
  'social.api.base.url': {
    default: 'https://api.x.com',
    group: 'Workflow',
    description:
      'Base URL of the X API v2 that Social Status Update posts to (`<base>/2/tweets`), for proxies and tests.',
  },
});
