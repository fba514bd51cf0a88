import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSecrets } from './secrets.js';

describe('loadSecrets', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bos-secrets-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

  it('makes the secrets once, owner-only, and reads the same ones back', () => {
    const dir = tempDir();
    const first = loadSecrets(dir, null);
    expect(first.jwtSecret.length).toBeGreaterThanOrEqual(32);
    expect(first.altchaHmacKey.length).toBeGreaterThanOrEqual(32);
    expect(first.jwtSecret).not.toBe(first.altchaHmacKey);
    const mode = fs.statSync(path.join(dir, 'secrets.json')).mode & 0o777;
    expect(mode).toBe(0o600);
    expect(loadSecrets(dir, null)).toEqual(first);
  });

  it('makes a Web Push (VAPID) key pair once and keeps it', () => {
    const dir = tempDir();
    const first = loadSecrets(dir, null);
    expect(Buffer.from(first.vapidPublicKey!, 'base64url')).toHaveLength(65);
    expect(Buffer.from(first.vapidPrivateKey!, 'base64url')).toHaveLength(32);
    expect(loadSecrets(dir, null).vapidPublicKey).toBe(first.vapidPublicKey);
  });

  it('prefers JWT_SECRET from the environment and does not store it', () => {
    const dir = tempDir();
    const fromEnv = 'e'.repeat(40);
    expect(loadSecrets(dir, fromEnv).jwtSecret).toBe(fromEnv);
    expect(fs.readFileSync(path.join(dir, 'secrets.json'), 'utf8')).not.toContain(fromEnv);
  });

  it('refuses a corrupt file instead of silently ending every session', () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'secrets.json'), '{not json');
    expect(() => loadSecrets(dir, null)).toThrow(/unreadable/);
  });
});
