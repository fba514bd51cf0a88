import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { FAST_CAPTCHA as FAST, solveAltcha } from '../../test/captcha.js';
import { createCaptcha } from './captcha.js';

const KEY = 'k'.repeat(48);
const altchaConfig = { provider: 'altcha', recaptchaSiteKey: null, recaptchaSecret: null } as const;

describe('altcha captcha', () => {
  it('accepts a solved challenge once', async () => {
    const captcha = createCaptcha(altchaConfig, KEY, FAST);
    const answer = await solveAltcha(await captcha.challenge());
    expect(await captcha.verify(answer, '127.0.0.1')).toBe(true);
    expect(await captcha.verify(answer, '127.0.0.1')).toBe(false); // replay
  });

  it('refuses missing, malformed, tampered and foreign answers', async () => {
    const captcha = createCaptcha(altchaConfig, KEY, FAST);
    expect(await captcha.verify(undefined, 'ip')).toBe(false);
    expect(await captcha.verify('', 'ip')).toBe(false);
    expect(await captcha.verify('not base64 json', 'ip')).toBe(false);
    // A genuine solution whose challenge was edited (a later expiry): the signature no longer matches.
    const genuine = JSON.parse(Buffer.from(await solveAltcha(await captcha.challenge()), 'base64').toString()) as {
      challenge: { parameters: { expiresAt: number } };
    };
    genuine.challenge.parameters.expiresAt += 3600;
    expect(await captcha.verify(Buffer.from(JSON.stringify(genuine)).toString('base64'), 'ip')).toBe(false);
    const other = createCaptcha(altchaConfig, 'o'.repeat(48), FAST);
    expect(await captcha.verify(await solveAltcha(await other.challenge()), 'ip')).toBe(false);
  });

  it('refuses an expired challenge', async () => {
    const captcha = createCaptcha(altchaConfig, KEY, { ...FAST, ttlMs: 1_000 });
    const answer = await solveAltcha(await captcha.challenge());
    await new Promise((r) => setTimeout(r, 2_100));
    expect(await captcha.verify(answer, 'ip')).toBe(false);
  });
});

describe('captcha off', () => {
  it('lets everything through, explicitly', async () => {
    const captcha = createCaptcha({ provider: 'off', recaptchaSiteKey: null, recaptchaSecret: null }, KEY);
    expect(captcha.provider).toBe('off');
    expect(await captcha.verify(undefined, 'ip')).toBe(true);
  });
});

describe('recaptcha', () => {
  it('asks the verify endpoint with the secret and the client address', async () => {
    const seen: URLSearchParams[] = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        const form = new URLSearchParams(body);
        seen.push(form);
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ success: form.get('response') === 'good-token' }));
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`;
    try {
      const captcha = createCaptcha({ provider: 'recaptcha', recaptchaSiteKey: 'site', recaptchaSecret: 'shh' }, KEY, {
        recaptchaVerifyUrl: url,
      });
      expect(captcha.siteKey).toBe('site');
      expect(await captcha.verify('good-token', '203.0.113.9')).toBe(true);
      expect(await captcha.verify('bad-token', '203.0.113.9')).toBe(false);
      expect(await captcha.verify(undefined, '203.0.113.9')).toBe(false);
      expect(seen[0]?.get('secret')).toBe('shh');
      expect(seen[0]?.get('remoteip')).toBe('203.0.113.9');
    } finally {
      server.close();
    }
  });

  it('fails closed when the verify endpoint is unreachable', async () => {
    const captcha = createCaptcha({ provider: 'recaptcha', recaptchaSiteKey: 's', recaptchaSecret: 'x' }, KEY, {
      recaptchaVerifyUrl: 'http://127.0.0.1:1/siteverify',
    });
    expect(await captcha.verify('token', 'ip')).toBe(false);
  });
});
