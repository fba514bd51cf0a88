import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

// Secrets the embedded default needs but nobody configured (DESIGN §1): made
// once, kept in DATA_DIR/secrets.json (owner-only), never committed. A
// JWT_SECRET from the environment wins, so several instances on one
// PostgreSQL share their signing key.

export interface Secrets {
  /** HS256 key of access tokens. */
  jwtSecret: string;
  /** HMAC key signing captcha challenges and e-mail code hashes. */
  altchaHmacKey: string;
  /** Web Push VAPID key pair (P-256, base64url); VAPID_* in the environment win (modules/notifications). */
  vapidPublicKey?: string;
  vapidPrivateKey?: string;
}

const FILE = 'secrets.json';

const fresh = () => crypto.randomBytes(48).toString('base64url');

export function loadSecrets(dataDir: string, jwtSecretFromEnv: string | null): Secrets {
  const file = path.join(dataDir, FILE);
  let stored: Partial<Secrets> = {};
  try {
    stored = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<Secrets>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new Error(`${file} is unreadable; remove it to have new secrets made (every session ends)`, {
        cause: error,
      });
    }
  }
  const vapid =
    typeof stored.vapidPublicKey === 'string' && typeof stored.vapidPrivateKey === 'string'
      ? { vapidPublicKey: stored.vapidPublicKey, vapidPrivateKey: stored.vapidPrivateKey }
      : freshVapidKeys();
  const secrets: Secrets = {
    jwtSecret: typeof stored.jwtSecret === 'string' && stored.jwtSecret.length >= 32 ? stored.jwtSecret : fresh(),
    altchaHmacKey:
      typeof stored.altchaHmacKey === 'string' && stored.altchaHmacKey.length >= 32 ? stored.altchaHmacKey : fresh(),
    ...vapid,
  };
  if (
    secrets.jwtSecret !== stored.jwtSecret ||
    secrets.altchaHmacKey !== stored.altchaHmacKey ||
    secrets.vapidPublicKey !== stored.vapidPublicKey
  ) {
    fs.mkdirSync(dataDir, { recursive: true });
    // Written aside and renamed: a crash never leaves half a file.
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, JSON.stringify(secrets, null, 2) + '\n', { mode: 0o600 });
    fs.renameSync(tmp, file);
  }
  return jwtSecretFromEnv ? { ...secrets, jwtSecret: jwtSecretFromEnv } : secrets;
}

/** A P-256 key pair for Web Push (RFC 8292): the uncompressed public point and the 32-byte private scalar. */
function freshVapidKeys() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    vapidPublicKey: ecdh.getPublicKey().toString('base64url'),
    // A scalar with leading zero bytes comes back shorter: push libraries want 32 bytes.
    vapidPrivateKey: Buffer.from(ecdh.getPrivateKey('hex').padStart(64, '0'), 'hex').toString('base64url'),
  };
}

/**
 * A key for one purpose derived from a stored secret (HMAC-SHA-256 under a
 * label): a new purpose needs no new stored secret, and a key leaked from one
 * purpose says nothing about the secret or the other purposes' keys.
 */
export function deriveKey(secret: string, label: string): Buffer {
  return crypto.createHmac('sha256', secret).update(`bosphorus:${label}`).digest();
}
