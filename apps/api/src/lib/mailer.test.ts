import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { startSmtpCatcher, type SmtpCatcher } from '../../test/smtp.js';
import { createMailer, OUTBOX_SIZE } from './mailer.js';

const silent = pino({ level: 'silent' });

describe('mailer over SMTP', () => {
  let smtp: SmtpCatcher;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
  });
  afterAll(() => smtp.close());

  it('delivers a UTF-8 mail through a real SMTP conversation', async () => {
    const mailer = createMailer({
      smtpUrl: smtp.url,
      from: 'Bosphorus <no-reply@bosphorus.test>',
      production: true,
      log: silent,
    });
    try {
      expect(mailer.outbox).toBeNull();
      await mailer.send({ to: 'Ayşe@Example.com', subject: 'Kodunuz: 123456', text: 'Merhaba Ayşe, kodun 123456.' });
      const mail = await smtp.waitFor('ayşe@example.com');
      expect(mail.subject).toBe('Kodunuz: 123456');
      expect(mail.text.trim()).toBe('Merhaba Ayşe, kodun 123456.');
      expect(mail.from).toBe('no-reply@bosphorus.test');
    } finally {
      await mailer.close();
    }
  });

  it('rejects when the server cannot be reached', async () => {
    const mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'x@y.z', production: true, log: silent });
    await expect(mailer.send({ to: 'a@b.c', subject: 's', text: 't' })).rejects.toThrow();
    await mailer.close();
  });
});

describe('mailer without SMTP_URL', () => {
  it('keeps mails in a bounded development outbox, newest first', async () => {
    const mailer = createMailer({ smtpUrl: null, from: 'x@y.z', production: false, log: silent });
    for (let i = 0; i < OUTBOX_SIZE + 5; i++) await mailer.send({ to: `u${i}@b.c`, subject: `#${i}`, text: 'hi' });
    expect(mailer.outbox).toHaveLength(OUTBOX_SIZE);
    expect(mailer.outbox?.[0]?.subject).toBe(`#${OUTBOX_SIZE + 4}`);
  });

  it('has no outbox in production', () => {
    expect(createMailer({ smtpUrl: null, from: 'x@y.z', production: true, log: silent }).outbox).toBeNull();
  });
});
