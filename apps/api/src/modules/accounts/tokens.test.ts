import { afterEach, describe, expect, it, vi } from 'vitest';
import { ACCESS_TOKEN_TTL_SECONDS } from '@bosphorus/contract';
import { createAccessTokens } from './tokens.js';

describe('access tokens', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('verifies its own tokens, and a remembered token stops at its expiry', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T12:00:00Z'), toFake: ['Date'] });
    const tokens = createAccessTokens('a-test-secret-of-thirty-two-bytes!!');
    const token = await tokens.sign(42);
    expect(await tokens.verify(token)).toBe(42);
    expect(await tokens.verify(token)).toBe(42); // remembered
    vi.setSystemTime(Date.now() + ACCESS_TOKEN_TTL_SECONDS * 1000 - 1_000);
    expect(await tokens.verify(token)).toBe(42);
    vi.setSystemTime(Date.now() + 1_000);
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a token signed with another secret or changed in any byte, even after verifying the real one', async () => {
    const tokens = createAccessTokens('a-test-secret-of-thirty-two-bytes!!');
    const other = createAccessTokens('another-secret-of-thirty-two-bytes!');
    const token = await tokens.sign(7);
    expect(await tokens.verify(token)).toBe(7);
    expect(await tokens.verify(await other.sign(7))).toBeNull();
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sub: '8' }),
    );
    expect(await tokens.verify(`${header}.${forged.toString('base64url')}.${signature}`)).toBeNull();
    const flipped = signature!.slice(0, -2) + (signature!.endsWith('AA') ? 'BA' : 'AA');
    expect(await tokens.verify(`${header}.${payload}.${flipped}`)).toBeNull();
  });
});
