import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcProvider, type LocalOidcProvider } from '../../../test/oidc.js';
import { createOidcClient, type OidcClient } from './google-client.js';

// The OpenID Connect client against a real provider on loopback.

const REDIRECT = 'http://localhost:3999/api/auth/google/callback';

describe('OpenID Connect client', () => {
  let provider: LocalOidcProvider;
  let client: OidcClient;
  beforeAll(async () => {
    provider = await startOidcProvider(REDIRECT);
    client = createOidcClient({
      issuer: provider.issuer,
      clientId: provider.clientId,
      clientSecret: provider.clientSecret,
      redirectUri: REDIRECT,
    });
  });
  afterAll(() => provider.close());

  it('runs the code flow with PKCE and reads the verified identity', async () => {
    provider.nextLogin({ sub: 'g-1', email: 'Elif@Example.com', email_verified: true, name: 'Elif Şahin' });
    const { url, checks } = await client.start();
    const start = new URL(url);
    expect(start.origin).toBe(provider.issuer);
    expect(start.searchParams.get('code_challenge_method')).toBe('S256');
    expect(start.searchParams.get('scope')).toBe('openid email profile');
    const callback = await provider.signIn(url, REDIRECT);
    expect(callback.searchParams.get('error_description')).toBeNull();
    expect(await client.finish(callback, checks)).toEqual({
      subject: 'g-1',
      email: 'Elif@Example.com',
      emailVerified: true,
      name: 'Elif Şahin',
    });
  });

  it('refuses a callback whose state does not match', async () => {
    provider.nextLogin({ sub: 'g-2', email: 'x@example.com', email_verified: true, name: 'X' });
    const { url, checks } = await client.start();
    const callback = await provider.signIn(url, REDIRECT);
    await expect(client.finish(callback, { ...checks, state: 'forged' })).rejects.toThrow();
  });

  it('refuses a code used twice', async () => {
    provider.nextLogin({ sub: 'g-3', email: 'y@example.com', email_verified: true, name: 'Y' });
    const { url, checks } = await client.start();
    const callback = await provider.signIn(url, REDIRECT);
    await client.finish(callback, checks);
    await expect(client.finish(callback, checks)).rejects.toThrow();
  });
});
