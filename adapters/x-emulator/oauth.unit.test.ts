import { describe, expect, it } from 'vitest';
import { hmacSha1, parseOAuthHeader, signatureBaseString } from './oauth';

// The worked example of X's "Creating a signature" guide (developer.x.com).
describe('OAuth 1.0a signature', () => {
  it('matches the signature of the documented example', () => {
    const pairs: [string, string][] = [
      ['status', 'Hello Ladies + Gentlemen, a signed OAuth request!'],
      ['include_entities', 'true'],
      ['oauth_consumer_key', 'xvz1evFS4wEEPTGEFPHBog'],
      ['oauth_nonce', 'kYjzVBB8Y0ZFabxSWbWovY3uYSQ2pTgmZeNu2VS4cg'],
      ['oauth_signature_method', 'HMAC-SHA1'],
      ['oauth_timestamp', '1318622958'],
      ['oauth_token', '370773112-GmHxMAgYyLbNEtIKZeRNFsMKPR9EyMZeS9weJAEb'],
      ['oauth_version', '1.0'],
    ];
    const base = signatureBaseString('post', 'https://api.twitter.com/1.1/statuses/update.json', pairs);
    expect(base.startsWith('POST&https%3A%2F%2Fapi.twitter.com%2F1.1%2Fstatuses%2Fupdate.json&include_entities%3Dtrue%26oauth_consumer_key')).toBe(true);
    expect(hmacSha1(base, 'kAcSOqF21Fu85e7zjz7ZN2U4ZRhfV3WpwPAoE3Z7kBw', 'LswwdoUaIvS8ltyTt5jkRh4J50vUPVVHtR2YPi5kE')).toBe('hCtSmYh+iHYCEqBWrE7C7hYmtUk=');
  });

  it('reads an Authorization header, and refuses other schemes', () => {
    const params = parseOAuthHeader('OAuth oauth_consumer_key="abc", oauth_signature="a%2Bb%3D", oauth_version="1.0"');
    expect(params?.get('oauth_signature')).toBe('a+b=');
    expect(params?.get('oauth_consumer_key')).toBe('abc');
    expect(parseOAuthHeader('Bearer xyz')).toBeNull();
    expect(parseOAuthHeader(undefined)).toBeNull();
  });
});
