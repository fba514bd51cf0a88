import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// A real SMTP server on loopback for tests (issue 3: mail goes through a real
// SMTP conversation). It accepts any login and keeps what it receives.

export interface CaughtMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  /** The Reply-To header's text ('' when absent). */
  replyTo: string;
}

export interface SmtpCatcher {
  /** smtp://user:pass@127.0.0.1:port for SMTP_URL. */
  url: string;
  messages: CaughtMail[];
  /** Resolves with the first mail (already caught or arriving) to `to` whose text matches. */
  waitFor(to: string, match?: RegExp, timeoutMs?: number): Promise<CaughtMail>;
  close(): Promise<void>;
}

export async function startSmtpCatcher(opts: { onMail?: (mail: CaughtMail) => void } = {}): Promise<SmtpCatcher> {
  const messages: CaughtMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const caught: CaughtMail = {
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: typeof mail.html === 'string' ? mail.html : '',
            replyTo: mail.replyTo?.text ?? '',
          };
          messages.push(caught);
          opts.onMail?.(caught);
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
    logger: false,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as { port: number };

  function find(to: string, match?: RegExp) {
    const address = to.toLowerCase();
    return messages.find((m) => m.to.includes(address) && (!match || match.test(m.text)));
  }

  return {
    url: `smtp://test:test@127.0.0.1:${port}`,
    messages,
    waitFor(to, match, timeoutMs = 10_000) {
      const found = find(to, match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no mail to ${to}${match ? ` matching ${match}` : ''} within ${timeoutMs} ms`));
        }, timeoutMs);
        const check = () => {
          const mail = find(to, match);
          if (!mail) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(mail);
        };
        waiters.add(check);
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
