import t from 'tap';
import { oauth1Authorization, oauth1Signature, percentEncode } from '../../../../plugins/actionlets/social/oauth1.js';

// The worked example of Twitter's "Creating a signature" documentation.
const EXAMPLE = {
  consumerKey: 'xvz1evFS4wEEPTGEFPHBog',
  consumerSecret: 'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw',
  accessToken: '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb',
  accessTokenSecret: 'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE',
};

t.test('the signature of the documented example', async (t) => {
  const signature = oauth1Signature(
    {
      method: 'POST',
      url: 'https://api.twitter.com/1.1/statuses/update.json?include_entities=true',
      params: {
        status: 'Hello Ladies + Gentlemen, a signed OAuth request!',
        oauth_consumer_key: EXAMPLE.consumerKey,
        oauth_nonce: 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg',
        oauth_signature_method: 'HMAC-SHA1',
        oauth_timestamp: '1318622958',
        oauth_token: EXAMPLE.accessToken,
        oauth_version: '1.0',
      },
    },
    EXAMPLE,
  );
  t.equal(signature, 'hCtSmYh+iHYCEqBWrE7C7hYmtUk=');
});

t.test('the Authorization header carries the same signature, percent-encoded', async (t) => {
  const header = oauth1Authorization(
    {
      method: 'POST',
      url: 'https://api.twitter.com/1.1/statuses/update.json?include_entities=true',
      params: { status: 'Hello Ladies + Gentlemen, a signed OAuth request!' },
    },
    EXAMPLE,
    { nonce: 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg', timestamp: 1318622958 },
  );
  t.match(header, /^OAuth oauth_consumer_key="xvz1evFS4wEEPTGEFPHBog", /);
  t.match(header, /oauth_signature="hCtSmYh%2BiHYCEqBWrE7C7hYmtUk%3D"/);
  t.equal(percentEncode("a b!*'()~"), 'a%20b%21%2A%27%28%29~');
});
