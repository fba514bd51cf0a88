import * as oidc from 'openid-client';

// Google sign-in through OpenID Connect (issue 3). The issuer is
// configuration (GOOGLE_ISSUER, default https://accounts.google.com), so the
// same code signs in with Google in production and with a local OpenID
// provider in tests. Authorization code flow with PKCE, state and nonce.

export const GOOGLE_ISSUER = 'https://accounts.google.com';

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/** What the flow must remember between leaving and coming back. */
export interface FlowChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface OidcIdentity {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

export interface OidcClient {
  /**
   * The provider's address to send the browser to, and the checks to keep.
   * redirectUri: the callback on the origin the sign-in started at (default
   * the configured one); `finish` takes the same address back.
   */
  start(redirectUri?: string): Promise<{ url: string; checks: FlowChecks }>;
  /** Exchanges the code of the callback URL; throws on any mismatch. */
  finish(callbackUrl: URL, checks: FlowChecks): Promise<OidcIdentity>;
}

export function createOidcClient(settings: OidcSettings): OidcClient {
  let configuration: Promise<oidc.Configuration> | null = null;
  const discover = () => {
    configuration ??= oidc
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        { redirect_uris: [settings.redirectUri], response_types: ['code'] },
        oidc.ClientSecretPost(settings.clientSecret),
        // Plain http only for a provider on this machine (tests, development).
        isLoopback(settings.issuer) ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        configuration = null; // try again on the next sign-in
        throw error;
      });
    return configuration;
  };

  return {
    async start(redirectUri = settings.redirectUri) {
      const config = await discover();
      const checks: FlowChecks = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: 'openid email profile',
        state: checks.state,
        nonce: checks.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
        // Google lets a person pick among their accounts; other providers
        // may not know this prompt value.
        ...(settings.issuer === GOOGLE_ISSUER ? { prompt: 'select_account' } : {}),
      });
      return { url: url.href, checks };
    },
    async finish(callbackUrl, checks) {
      const config = await discover();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      const idClaims = tokens.claims();
      if (!idClaims?.sub) throw new Error('the provider sent no subject');
      // Google puts e-mail and name in the ID token; a provider that keeps
      // them for the userinfo endpoint is asked there, for the same subject.
      const claims: Record<string, unknown> =
        typeof idClaims.email === 'string'
          ? idClaims
          : { ...(await oidc.fetchUserInfo(config, tokens.access_token, idClaims.sub)), sub: idClaims.sub };
      const email = typeof claims.email === 'string' ? claims.email : null;
      const verified = claims.email_verified === true || claims.email_verified === 'true';
      const name = typeof claims.name === 'string' ? claims.name : null;
      return { subject: idClaims.sub, email, emailVerified: verified, name };
    },
  };
}

function isLoopback(issuer: string) {
  const host = new URL(issuer).hostname;
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
}
