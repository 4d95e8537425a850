/** The form of a push endpoint that is never reached (tests of the publishing resources themselves). */
export function edgeEndpointForm(environmentId: string) {
  return {
    name: 'edge',
    protocol: 'https',
    address: 'edge.example.com',
    port: 443,
    authorizationToken: 'a-key-of-enough-length',
    enabled: true,
    sending: false,
    environmentId,
  };
}

/**
 * Pushes reach private-network addresses only when `push.allowed.addresses` lists them, and test
 * receivers listen on loopback: what an installer sets for receivers on its own network.
 */
export const LOOPBACK_RECEIVERS = { CMS_PUSH_ALLOWED_ADDRESSES: '127.0.0.1' } as const;
