import { defineProperties } from '../../core/plugin/kit.js';

/** What the actionlets that call other servers read (Link Checker, Social Status Update). */
export const ACTIONLET_PROPERTIES = defineProperties({
  'link.checker.allow.private': {
    type: 'bool',
    default: false,
    group: 'Workflow',
    description:
      'Let Link Checker call private-network addresses (loopback, RFC 1918, link-local, unique local). Off, such links count as broken, so that a link cannot make the server probe its own network.',
  },
  'outbound.http.timeout.ms': {
    type: 'int',
    default: 10_000,
    min: 1,
    max: 600_000,
    group: 'Workflow',
    description:
      'Timeout of each outbound call of an actionlet: connecting, waiting for the headers, each pause in the body.',
  },
  'outbound.http.max.response.bytes': {
    type: 'int',
    default: 1_048_576,
    min: 1,
    max: 104_857_600,
    group: 'Workflow',
    description: 'Largest answer body an actionlet reads from another server; a larger one fails the call.',
  },
  'social.api.base.url': {
    default: 'https://api.x.com',
    group: 'Workflow',
    description:
      'Base URL of the X API v2 that Social Status Update posts to (`<base>/2/tweets`), for proxies and tests.',
  },
});
