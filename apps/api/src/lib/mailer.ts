import nodemailer, { type Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

// Mail through SMTP (SMTP_URL, MAIL_FROM). Without SMTP_URL a mail is written
// to the log and kept in a small development outbox, shown at /dev/outbox
// (plugins/dev-outbox.ts) outside production, so the embedded default can
// register and reset passwords without a mail server.

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where answers go (the contact form: the sender), encoded by nodemailer. */
  replyTo?: { name: string; address: string };
}

export interface OutboxEntry extends MailMessage {
  sentAt: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** The development outbox, newest first; null when mail really goes out. */
  readonly outbox: OutboxEntry[] | null;
  close(): Promise<void>;
}

export const OUTBOX_SIZE = 50;

export function createMailer(opts: {
  smtpUrl: string | null;
  from: string;
  production: boolean;
  log: FastifyBaseLogger;
}): Mailer {
  if (opts.smtpUrl) return smtpMailer(opts.smtpUrl, opts.from, opts.log);
  if (opts.production) {
    opts.log.warn('SMTP_URL is not set: mails are only written to the log');
  }
  return logMailer(opts.log, opts.production ? null : []);
}

function smtpMailer(url: string, from: string, log: FastifyBaseLogger): Mailer {
  const transport: Transporter = nodemailer.createTransport(url, { from });
  return {
    outbox: null,
    async send(message) {
      const info = await transport.sendMail({ from, ...message });
      // Never log the body: it carries codes and reset links.
      log.info({ to: message.to, subject: message.subject, messageId: info.messageId }, 'mail sent');
    },
    async close() {
      transport.close();
    },
  };
}

function logMailer(log: FastifyBaseLogger, outbox: OutboxEntry[] | null): Mailer {
  return {
    outbox,
    async send(message) {
      log.info({ to: message.to, subject: message.subject, text: message.text }, 'mail (no SMTP_URL: not sent)');
      if (outbox) {
        outbox.unshift({ ...message, sentAt: new Date().toISOString() });
        outbox.length = Math.min(outbox.length, OUTBOX_SIZE);
      }
    },
    async close() {},
  };
}
