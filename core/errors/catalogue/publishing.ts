import { defineErrors } from '../error-entry.js';

/** Push publishing: environments, endpoints and the bundles another instance sends. */
export const publishingErrors = defineErrors('publishing', {
  PUSH_ENVIRONMENT_NOT_FOUND: {
    kind: 'not_found',
    message: 'An Environment with the given id {id} does not exist',
    meaning: 'No push publishing environment has this id.',
  },
  PUSH_ENVIRONMENT_EXISTS: {
    kind: 'invalid',
    message: 'An Environment with the given name {name} already exists.',
    meaning: 'Environment names are unique (a 400, as in the original).',
  },
  PUSH_ENDPOINT_NOT_FOUND: {
    kind: 'not_found',
    message: "Can't find endpoint with id: {id}",
    meaning: 'No push publishing endpoint has this id.',
  },
  PUSH_ENDPOINT_EXISTS: {
    kind: 'invalid',
    message: 'An endpoint with the given name {name} already exists.',
    meaning: 'Endpoint (server) names are unique (a 400, as in the original).',
  },
  PUSH_ENDPOINT_ADDRESS_REFUSED: {
    kind: 'invalid',
    message: 'The endpoint address {address} is on a private network, which pushes do not reach',
    meaning:
      'Pushes reach only public addresses and the private ones `push.allowed.addresses` lists (loopback, RFC 1918, link-local such as `169.254.169.254`, unique-local and IPv6 forms embedding an IPv4 address are private). A host name is checked when a push connects.',
  },
  PUSH_RECEIVER_KEY_INVALID: {
    kind: 'unauthenticated',
    message: 'The bundle was not sent with a key this instance accepts',
    meaning:
      'The receiving endpoint needs `Authorization: Bearer <key>` with the key whose hash is `push.receiver.key.hash`; none is accepted while that property is empty.',
  },
});
