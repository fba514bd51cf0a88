import Fastify from 'fastify';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { createMailer } from '../lib/mailer.js';
import { registerDevOutbox } from './dev-outbox.js';

const silent = pino({ level: 'silent' });

async function appWith(production: boolean) {
  const mailer = createMailer({ smtpUrl: null, from: 'x@y.z', production, log: silent });
  const app = Fastify();
  registerDevOutbox(app, mailer);
  await app.ready();
  return { app, mailer };
}

describe('development outbox', () => {
  it('lists the kept mails, newest first, with their text escaped', async () => {
    const { app, mailer } = await appWith(false);
    await mailer.send({ to: 'a@b.c', subject: 'First', text: 'code 111111' });
    await mailer.send({
      to: 'd@e.f',
      subject: '<script>x</script>',
      text: 'Reset: http://localhost:3000/newpassword?token=abc',
    });
    const page = await app.inject('/dev/outbox');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).not.toContain('<script>x');
    expect(page.body).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(page.body.indexOf('newpassword?token=abc')).toBeLessThan(page.body.indexOf('code 111111'));
    const json = await app.inject({ url: '/dev/outbox', headers: { accept: 'application/json' } });
    expect(json.json<{ body: { mails: { subject: string }[] } }>().body.mails.map((m) => m.subject)).toEqual([
      '<script>x</script>',
      'First',
    ]);
  });

  it('does not exist in production', async () => {
    const { app } = await appWith(true);
    expect((await app.inject('/dev/outbox')).statusCode).toBe(404);
  });
});
