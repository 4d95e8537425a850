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
