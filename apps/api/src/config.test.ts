import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, REPO_ROOT } from './config.js';

// DESIGN §1: configuration is read once at boot and validated; a bad value
// stops the start with a message that names the variable.

function configErrorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`loadConfig(${JSON.stringify(env)}) did not throw`);
}

describe('loadConfig', () => {
  it('defaults to the embedded, one-command set-up', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.join(REPO_ROOT, 'data'),
      databaseUrl: null,
      publicUrl: 'http://localhost:3000',
      // Unset: links follow each request's origin (decision 0034).
      publicUrlFixed: false,
      allowedHosts: [],
      logLevel: 'info',
      rateLimit: true,
      seedDemo: true,
      catalogueCacheSeconds: 30,
      webDistDir: path.join(REPO_ROOT, 'apps/web/dist'),
      seedUploadsDir: path.join(REPO_ROOT, 'apps/api/seed-assets/uploads'),
      production: false,
      jwtSecret: null,
      smtpUrl: null,
      mailFrom: 'Bosphorus <no-reply@bosphorus.local>',
      contactTo: 'no-reply@bosphorus.local',
      captcha: { provider: 'altcha', recaptchaSiteKey: null, recaptchaSecret: null },
      redisUrl: null,
      google: null,
      requireEmailVerification: true,
      trustProxy: 'loopback,linklocal,uniquelocal',
      // The player and its media on the origin each request came to.
      media: {
        mainOrigin: null,
        backupOrigin: null,
        dir: path.join(REPO_ROOT, 'apps/api/media'),
        tokenTtlSeconds: 4 * 3600,
      },
      // No keys: the clearly labelled demo checkout stands in (outside production).
      payments: { demo: true, stripe: null, paypal: null },
      // VAPID keys made once in DATA_DIR (lib/secrets.ts); https push services only.
      push: {
        vapidPublicKey: null,
        vapidPrivateKey: null,
        vapidSubject: 'mailto:no-reply@bosphorus.local',
        allowHttpEndpoints: false,
      },
      publishIntervalSeconds: 20,
      ingest: {
        concurrency: 1,
        staleSeconds: 20,
        maxAttempts: 3,
        maxUploadBytes: 20 * 1024 ** 3,
        ffmpeg: 'ffmpeg',
        ffprobe: 'ffprobe',
        preset: 'veryfast',
        markers: { headSeconds: 720, tailSeconds: 480 },
      },
      vpnCheckUrl: null,
    });
  });

  it('reads VPN_CHECK_URL: https only, with {ip} where the address goes', () => {
    expect(configErrorOf({ VPN_CHECK_URL: 'http://vpn.example/{ip}' }).variable).toBe('VPN_CHECK_URL');
    expect(configErrorOf({ VPN_CHECK_URL: 'https://vpn.example/check' }).message).toContain('{ip}');
    expect(loadConfig({ VPN_CHECK_URL: 'https://vpn.example/v1/{ip}?vpn=1' }).vpnCheckUrl).toBe(
      'https://vpn.example/v1/{ip}?vpn=1',
    );
  });

  it('reads the Web Push keys as a pair and the publishing interval', () => {
    expect(configErrorOf({ VAPID_PUBLIC_KEY: 'abc' }).variable).toBe('VAPID_PRIVATE_KEY');
    expect(configErrorOf({ VAPID_PRIVATE_KEY: 'abc' }).variable).toBe('VAPID_PUBLIC_KEY');
    expect(configErrorOf({ VAPID_SUBJECT: 'ops@example.com' }).variable).toBe('VAPID_SUBJECT');
    expect(configErrorOf({ PUBLISH_INTERVAL_SECONDS: '-1' }).variable).toBe('PUBLISH_INTERVAL_SECONDS');
    const config = loadConfig({
      PUBLIC_URL: 'https://bosphorus.example',
      VAPID_PUBLIC_KEY: 'pub',
      VAPID_PRIVATE_KEY: 'priv',
      PUBLISH_INTERVAL_SECONDS: '0',
    });
    expect(config.push).toEqual({
      vapidPublicKey: 'pub',
      vapidPrivateKey: 'priv',
      vapidSubject: 'https://bosphorus.example',
      allowHttpEndpoints: false,
    });
    expect(config.publishIntervalSeconds).toBe(0);
  });

  it('reads the media ingest settings, and names a bad one', () => {
    const config = loadConfig({
      INGEST_CONCURRENCY: '0',
      INGEST_STALE_SECONDS: '30',
      INGEST_MAX_ATTEMPTS: '5',
      MAX_UPLOAD_BYTES: '1048576',
      FFMPEG_PATH: '/opt/ffmpeg/bin/ffmpeg',
      FFPROBE_PATH: '/opt/ffmpeg/bin/ffprobe',
      INGEST_PRESET: 'medium',
      MARKERS_HEAD_SECONDS: '600',
      MARKERS_TAIL_SECONDS: '300',
    });
    expect(config.ingest).toEqual({
      concurrency: 0,
      staleSeconds: 30,
      maxAttempts: 5,
      maxUploadBytes: 1048576,
      ffmpeg: '/opt/ffmpeg/bin/ffmpeg',
      ffprobe: '/opt/ffmpeg/bin/ffprobe',
      preset: 'medium',
      markers: { headSeconds: 600, tailSeconds: 300 },
    });
    expect(configErrorOf({ INGEST_CONCURRENCY: 'many' }).variable).toBe('INGEST_CONCURRENCY');
    expect(configErrorOf({ MARKERS_HEAD_SECONDS: '5' }).variable).toBe('MARKERS_HEAD_SECONDS');
    expect(configErrorOf({ INGEST_STALE_SECONDS: '1' }).variable).toBe('INGEST_STALE_SECONDS');
    expect(configErrorOf({ INGEST_PRESET: 'placebo' }).variable).toBe('INGEST_PRESET');
  });

  it('reads the media origins and the playback token lifetime', () => {
    const config = loadConfig({
      PUBLIC_URL: 'https://bosphorus.example',
      MEDIA_MAIN_ORIGIN: 'https://media.bosphorus.com/',
      PLAYBACK_TOKEN_TTL_SECONDS: '600',
      MEDIA_DIR: '/srv/media',
    });
    expect(config.media).toEqual({
      mainOrigin: 'https://media.bosphorus.com',
      // The backup follows the main origin unless it is set.
      backupOrigin: 'https://media.bosphorus.com',
      dir: '/srv/media',
      tokenTtlSeconds: 600,
    });
    expect(loadConfig({ MEDIA_BACKUP_ORIGIN: 'https://b.example' }).media.backupOrigin).toBe('https://b.example');
    expect(loadConfig({ PUBLIC_URL: 'https://site.example' }).media.mainOrigin).toBe('https://site.example');
  });

  it('reads the payment providers, and keeps the demo out of production unless asked for', () => {
    const config = loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_123',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
      PAYPAL_CLIENT_ID: 'id',
      PAYPAL_CLIENT_SECRET: 'secret',
      PAYPAL_WEBHOOK_ID: 'WH-1',
      PAYPAL_API_BASE: 'http://127.0.0.1:12112/',
    });
    expect(config.payments).toEqual({
      demo: true,
      stripe: { secretKey: 'sk_test_123', webhookSecret: 'whsec_abc', apiBase: 'http://127.0.0.1:12111' },
      paypal: { clientId: 'id', clientSecret: 'secret', webhookId: 'WH-1', apiBase: 'http://127.0.0.1:12112' },
    });
    expect(
      loadConfig({ PAYPAL_CLIENT_ID: 'a', PAYPAL_CLIENT_SECRET: 'b', PAYPAL_WEBHOOK_ID: 'c' }).payments.paypal,
    ).toMatchObject({ apiBase: 'https://api-m.paypal.com' });
    expect(loadConfig({ NODE_ENV: 'production' }).payments.demo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', PAYMENTS_DEMO: 'on' }).payments.demo).toBe(true);
    expect(loadConfig({ PAYMENTS_DEMO: 'off' }).payments.demo).toBe(false);
  });

  it('reads which proxies to trust', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe('10.0.0.0/8, 127.0.0.1');
  });

  it('reads the other names mailed links may use (ALLOWED_HOSTS)', () => {
    expect(loadConfig({ ALLOWED_HOSTS: 'Watch.Example, tv.example:8080' }).allowedHosts).toEqual([
      'watch.example',
      'tv.example:8080',
    ]);
    expect(() => loadConfig({ ALLOWED_HOSTS: 'https://watch.example' })).toThrow(/ALLOWED_HOSTS/);
  });

  it('reads the account settings', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      JWT_SECRET: 'x'.repeat(40),
      SMTP_URL: 'smtps://mailer:pw@smtp.example:465',
      MAIL_FROM: 'Bosphorus <hello@bosphorus.example>',
      CAPTCHA_PROVIDER: 'recaptcha',
      RECAPTCHA_SITE_KEY: 'site',
      RECAPTCHA_SECRET: 'secret',
      REDIS_URL: 'redis://127.0.0.1:6379',
      GOOGLE_CLIENT_ID: 'client',
      GOOGLE_CLIENT_SECRET: 'shh',
      REQUIRE_EMAIL_VERIFICATION: 'off',
    });
    expect(config).toMatchObject({
      production: true,
      jwtSecret: 'x'.repeat(40),
      smtpUrl: 'smtps://mailer:pw@smtp.example:465',
      mailFrom: 'Bosphorus <hello@bosphorus.example>',
      captcha: { provider: 'recaptcha', recaptchaSiteKey: 'site', recaptchaSecret: 'secret' },
      redisUrl: 'redis://127.0.0.1:6379',
      google: { clientId: 'client', clientSecret: 'shh', issuer: 'https://accounts.google.com' },
      requireEmailVerification: false,
    });
    expect(loadConfig({ CAPTCHA_PROVIDER: 'off' }).captcha.provider).toBe('off');
  });

  it('treats empty values as unset', () => {
    const env = { PORT: '', DATABASE_URL: '', PUBLIC_URL: '', LOG_LEVEL: '', RATE_LIMIT: '', SEED_DEMO: '' };
    expect(loadConfig(env)).toEqual(loadConfig({}));
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: 'tmp/bos-data',
      DATABASE_URL: 'postgres://app@db.internal:5432/bosphorus',
      PUBLIC_URL: 'https://bosphorus.example/',
      LOG_LEVEL: 'DEBUG',
      RATE_LIMIT: 'off',
      CATALOGUE_CACHE_SECONDS: '0',
      WEB_DIST_DIR: '/srv/web',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: path.resolve('tmp/bos-data'),
      databaseUrl: 'postgres://app@db.internal:5432/bosphorus',
      publicUrl: 'https://bosphorus.example',
      publicUrlFixed: true,
      logLevel: 'debug',
      rateLimit: false,
      // A production database gets the demo catalogue only when asked for.
      seedDemo: false,
      catalogueCacheSeconds: 0,
      webDistDir: '/srv/web',
    });
    expect(path.isAbsolute(config.dataDir)).toBe(true);
  });

  it('derives PUBLIC_URL from PORT and honours SEED_DEMO', () => {
    expect(loadConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
    expect(loadConfig({ PORT: '4000' }).publicUrlFixed).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgresql://x@h/db', SEED_DEMO: 'on' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: 'off' }).seedDemo).toBe(false);
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '70000'],
    ['PORT', '-1'],
    ['PORT', '80.5'],
    ['DATABASE_URL', 'mysql://root@localhost/bosphorus'],
    ['DATABASE_URL', 'not a url'],
    ['PUBLIC_URL', 'ftp://bosphorus.example'],
    ['LOG_LEVEL', 'loud'],
    ['RATE_LIMIT', 'maybe'],
    ['SEED_DEMO', 'sometimes'],
    ['CATALOGUE_CACHE_SECONDS', '-5'],
    ['CATALOGUE_CACHE_SECONDS', 'soon'],
    ['JWT_SECRET', 'short'],
    ['SMTP_URL', 'http://mail.example'],
    ['CAPTCHA_PROVIDER', 'hcaptcha'],
    ['RECAPTCHA_SITE_KEY', ''],
    ['REDIS_URL', 'memcached://x'],
    ['GOOGLE_CLIENT_ID', ''],
    ['REQUIRE_EMAIL_VERIFICATION', 'perhaps'],
    ['TRUST_PROXY', 'everyone'],
    ['MEDIA_MAIN_ORIGIN', 'media.example.com'],
    ['MEDIA_BACKUP_ORIGIN', 'ftp://media.example.net'],
    ['PLAYBACK_TOKEN_TTL_SECONDS', '5'],
    ['PAYMENTS_DEMO', 'sometimes'],
    ['STRIPE_WEBHOOK_SECRET', ''],
    ['STRIPE_API_BASE', 'not a url'],
    ['PAYPAL_WEBHOOK_ID', ''],
    ['PAYPAL_API_BASE', 'paypal'],
  ])('refuses %s=%s with a ConfigError naming the variable', (variable, value) => {
    // Settings that only make sense together are refused by the missing one.
    const companions: Record<string, Record<string, string>> = {
      RECAPTCHA_SITE_KEY: { CAPTCHA_PROVIDER: 'recaptcha', RECAPTCHA_SECRET: 's' },
      GOOGLE_CLIENT_ID: { GOOGLE_CLIENT_SECRET: 's' },
      STRIPE_WEBHOOK_SECRET: { STRIPE_SECRET_KEY: 'sk_test_1' },
      STRIPE_API_BASE: { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' },
      PAYPAL_WEBHOOK_ID: { PAYPAL_CLIENT_ID: 'a', PAYPAL_CLIENT_SECRET: 'b' },
      PAYPAL_API_BASE: { PAYPAL_CLIENT_ID: 'a', PAYPAL_CLIENT_SECRET: 'b', PAYPAL_WEBHOOK_ID: 'c' },
    };
    const error = configErrorOf({ ...companions[variable], [variable]: value });
    expect(error.variable).toBe(variable);
    expect(error.message).toContain(variable);
    expect(error.message).toMatch(/^Invalid configuration: /);
  });

  it('never echoes a database password in its message', () => {
    const error = configErrorOf({ DATABASE_URL: 'mysql://root:hunter2@localhost/db' });
    expect(error.variable).toBe('DATABASE_URL');
    expect(error.message).not.toContain('hunter2');
  });
});
