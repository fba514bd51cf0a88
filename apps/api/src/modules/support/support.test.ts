import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API_ERRORS,
  CONTACT_LIMITS,
  faqAnswer,
  pageBody,
  POLICY_SLUGS,
  SUPPORT_TEXTS,
  type Page,
  type PageBlock,
  CAPTCHA_TEXTS,
} from '@bosphorus/contract';
import { runAdmin } from '../../cli/admin.js';
import { ConfigError, loadConfig } from '../../config.js';
import { createCaptcha } from '../../lib/captcha.js';
import type { Mailer } from '../../lib/mailer.js';
import { FAST_CAPTCHA, solveAltcha } from '../../../test/captcha.js';
import { insertUser, uniq } from '../../../test/factories.js';
import {
  bearer,
  buildTestApp,
  describeEachDatabase,
  expectError,
  getBody,
  postForm,
  signIn,
  type TestApp,
} from '../../../test/harness.js';
import { startSmtpCatcher, type SmtpCatcher } from '../../../test/smtp.js';

// Spec §7 `GET /faq`, `POST /mail`; the policy pages (decision 0025).

const CONTACT_TO = 'support-desk@example.test';

function contact(overrides: Record<string, string> = {}) {
  const key = uniq();
  return {
    name: `Ayşe ${key}`,
    email: `sender-${key}@example.test`,
    subject: `Subtitles ${key}`,
    message: `The subtitles of episode 3 are late by two seconds. (${key})`,
    ...overrides,
  };
}

/** Every text of a page, blocks joined, for "does it say…" checks. */
function pageText(page: Page): string {
  const inline = (parts: { text: string }[]) => parts.map((p) => p.text).join('');
  return page.blocks
    .map((b: PageBlock) =>
      b.type === 'heading' ? b.text : b.type === 'paragraph' ? inline(b.content) : b.items.map(inline).join('\n'),
    )
    .join('\n');
}

describeEachDatabase('support: FAQ and policy pages', (t) => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp(t.db);
  });
  afterAll(() => app?.close());

  it("GET /api/faq answers status and data top level, in the operator's order", async () => {
    const first = `First ${uniq()}`;
    const last = `Last ${uniq()}`;
    await t.db.query('INSERT INTO faqs (position, header, text) VALUES ($1, $2, $3), ($4, $5, $6)', [
      32_000,
      last,
      'Answer <b>as written</b>',
      -1,
      first,
      'First answer',
    ]);
    const res = await app.inject({ method: 'GET', url: '/api/faq?user_id=12' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const answer = faqAnswer.parse(res.json());
    expect(Object.keys(res.json<object>()).sort()).toEqual(['data', 'status']);
    expect(answer.status).toBe('success');
    // The seeded FAQ (migration 0010) between the two rows of this test.
    expect(answer.data.length).toBeGreaterThanOrEqual(10);
    expect(answer.data[0]).toMatchObject({ header: first, text: 'First answer' });
    expect(answer.data.at(-1)).toMatchObject({ header: last, text: 'Answer <b>as written</b>' });
    for (const item of answer.data) expect(Object.keys(item).sort()).toEqual(['header', 'id', 'text']);
    const headers = answer.data.map((i) => i.header);
    expect(headers).toContain('What plans are there and what do they cost?');
    expect(answer.data.find((i) => i.header.includes('plans'))!.text).toMatch(/\$3 .*\$9 .*\$90/);
  });

  it.each(POLICY_SLUGS)('GET /api/pages/%s answers the page as blocks', async (slug) => {
    const res = await app.inject({ method: 'GET', url: `/api/pages/${slug}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const { page } = pageBody.parse(res.json<{ body: unknown }>().body);
    expect(page.slug).toBe(slug);
    expect(page.title.length).toBeGreaterThan(0);
    expect(page.blocks.filter((b) => b.type === 'heading').length).toBeGreaterThan(2);
    expect(Number.isNaN(Date.parse(page.updated_at))).toBe(false);
  });

  it('states the spec §9 policy facts', async () => {
    const terms = (await getBody<{ page: Page }>(app, '/api/pages/term-condition')).page;
    const text = pageText(terms);
    expect(terms.title).toBe('Terms of Use');
    for (const fact of ['18 or older', 'persons in the United States', 'State of Florida', 'within one year']) {
      expect(text).toContain(fact);
    }
    expect(text).toMatch(/arbitration/i);
    expect(text).toContain('Last modified: July 16, 2025.');
    const privacy = pageText((await getBody<{ page: Page }>(app, '/api/pages/privacy-policy')).page);
    expect(privacy).toContain('No one under 16');
    const copyright = (await getBody<{ page: Page }>(app, '/api/pages/copyright-policy')).page;
    expect(pageText(copyright)).toMatch(/What a notice must contain/);
    const links = copyright.blocks.flatMap((b) =>
      b.type === 'list' ? b.items.flat() : b.type === 'paragraph' ? b.content : [],
    );
    expect(links).toContainEqual({ text: 'copyright@bosphorus.tv', href: 'mailto:copyright@bosphorus.tv' });
    expect(links).toContainEqual({ text: 'contact form', href: '/profile/contact' });
    const ordered = copyright.blocks.find((b) => b.type === 'list' && b.ordered);
    expect(ordered && ordered.type === 'list' && ordered.items.length).toBe(6);
  });

  it("serves an operator's edit at once, markup as text and unsafe links without their target", async () => {
    const slug = `test-${uniq()
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')}`;
    await t.db.query('INSERT INTO pages (slug, title, body) VALUES ($1, $2, $3)', [
      slug,
      'Test <page>',
      '## Hello <script>alert(1)</script>\n\nA [bad link](javascript:alert`1`) and [a good one](/profile/faq).\n\n- one\n- two',
    ]);
    const { page } = await getBody<{ page: Page }>(app, `/api/pages/${slug}`);
    expect(page.title).toBe('Test <page>');
    expect(page.blocks).toEqual([
      { type: 'heading', level: 2, text: 'Hello <script>alert(1)</script>' },
      {
        type: 'paragraph',
        content: [{ text: 'A bad link and ' }, { text: 'a good one', href: '/profile/faq' }, { text: '.' }],
      },
      { type: 'list', ordered: false, items: [[{ text: 'one' }], [{ text: 'two' }]] },
    ]);
  });

  it("npm run admin -- set-page replaces a page's text (and title) without a release", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bos-set-page-'));
    try {
      const file = path.join(dir, 'copyright.md');
      fs.writeFileSync(
        file,
        '# Copyright notices\n\n## Where to write\n\nWrite to [legal](mailto:legal@example.test).\n',
      );
      const result = await runAdmin(t.db, ['set-page', 'copyright-policy', file]);
      expect(result).toEqual({ code: 0, out: ["Saved 'Copyright notices' (2 blocks) as /profile/copyright-policy."] });
      const { page } = await getBody<{ page: Page }>(app, '/api/pages/copyright-policy');
      expect(page.title).toBe('Copyright notices');
      expect(page.blocks).toEqual([
        { type: 'heading', level: 2, text: 'Where to write' },
        {
          type: 'paragraph',
          content: [{ text: 'Write to ' }, { text: 'legal', href: 'mailto:legal@example.test' }, { text: '.' }],
        },
      ]);
      expect(Date.now() - Date.parse(page.updated_at)).toBeLessThan(60_000);
      // Without a title line the page keeps its title; a new page needs one; an empty file is refused.
      fs.writeFileSync(file, 'Only text.\n');
      expect((await runAdmin(t.db, ['set-page', 'copyright-policy', file])).code).toBe(0);
      expect((await getBody<{ page: Page }>(app, '/api/pages/copyright-policy')).page.title).toBe('Copyright notices');
      expect((await runAdmin(t.db, ['set-page', 'brand-new', file])).code).toBe(2);
      fs.writeFileSync(file, '# Title only\n');
      expect((await runAdmin(t.db, ['set-page', 'copyright-policy', file])).code).toBe(2);
      expect((await runAdmin(t.db, ['set-page', 'Bad Slug', file])).code).toBe(2);
      expect((await runAdmin(t.db, ['set-page', 'copyright-policy', path.join(dir, 'missing.md')])).code).toBe(1);
      expectError(await app.inject({ method: 'GET', url: '/api/pages/brand-new' }), 404);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('answers 404 for an unknown page and 400 naming the slug for a malformed one', async () => {
    const missing = await app.inject({ method: 'GET', url: '/api/pages/no-such-page' });
    expect(expectError(missing, 404).error).toBe(API_ERRORS.notFound);
    expectError(await app.inject({ method: 'GET', url: '/api/pages/Bad_Slug' }), 400, 'slug');
    expectError(await app.inject({ method: 'GET', url: `/api/pages/${'a'.repeat(65)}` }), 400, 'slug');
  });
});

describeEachDatabase('support: POST /api/mail', (t) => {
  let app: TestApp;
  let smtp: SmtpCatcher;
  beforeAll(async () => {
    smtp = await startSmtpCatcher();
    app = await buildTestApp(t.db, { smtpUrl: smtp.url, contactTo: CONTACT_TO });
  });
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  const stored = (email: string) =>
    t.db.query<{ name: string; subject: string; message: string; user_id: number | null; sent: boolean }>(
      'SELECT name, subject, message, user_id, sent_at IS NOT NULL AS sent FROM contact_messages WHERE email = $1',
      [email],
    );

  it('stores the message and mails it to CONTACT_TO with Reply-To the sender', async () => {
    const form = contact();
    const res = await postForm(app, '/api/mail', form);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: SUPPORT_TEXTS.emailSent });
    expect(res.headers['cache-control']).toBe('no-store');
    const mail = await smtp.waitFor(CONTACT_TO, new RegExp(form.subject));
    expect(mail.to).toEqual([CONTACT_TO]);
    expect(mail.subject).toBe(`${SUPPORT_TEXTS.mailSubjectPrefix}: ${form.subject}`);
    expect(mail.replyTo).toContain(form.email);
    expect(mail.replyTo).toContain(form.name);
    expect(mail.text).toContain(form.message);
    expect(mail.text).toContain('not signed in');
    expect(await stored(form.email)).toEqual([
      { name: form.name, subject: form.subject, message: form.message, user_id: null, sent: true },
    ]);
  });

  it('takes JSON and multipart bodies alike', async () => {
    const json = contact();
    const res = await app.inject({ method: 'POST', url: '/api/mail', payload: json });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(json.email)).toHaveLength(1);

    const form = contact();
    const boundary = '----contact';
    const payload =
      Object.entries(form)
        .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
        .join('') + `--${boundary}--\r\n`;
    const multipart = await app.inject({
      method: 'POST',
      url: '/api/mail',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(multipart.statusCode, multipart.body).toBe(200);
    expect(await stored(form.email)).toHaveLength(1);
    await smtp.waitFor(CONTACT_TO, new RegExp(form.subject));
  });

  it('answers 400 naming the field for a missing, blank, malformed or too long field, and stores nothing', async () => {
    const base = contact();
    const cases: Array<[Record<string, string>, string]> = [
      [{ name: '' }, 'name'],
      [{ subject: '   ' }, 'subject'],
      [{ email: 'not-an-address' }, 'email'],
      [{ email: 'a,b@example.test' }, 'email'],
      [{ email: `${'x'.repeat(250)}@example.test` }, 'email'],
      [{ message: 'x'.repeat(CONTACT_LIMITS.message + 1) }, 'message'],
      [{ name: 'n'.repeat(CONTACT_LIMITS.name + 1) }, 'name'],
    ];
    for (const [change, field] of cases) {
      const res = await postForm(app, '/api/mail', { ...base, ...change });
      expect(expectError(res, 400, field).error).toMatch(new RegExp(`^${field}: `));
    }
    const { message: _omitted, ...noMessage } = base;
    expect(expectError(await postForm(app, '/api/mail', noMessage), 400, 'message').error).toBe(
      `message: ${SUPPORT_TEXTS.required}`,
    );
    expectError(await app.inject({ method: 'POST', url: '/api/mail' }), 400, 'name');
    expect(await stored(base.email)).toEqual([]);
  });

  it('keeps a subject with line breaks out of the mail headers', async () => {
    const form = contact({ subject: `Hello ${uniq()}\r\nBcc: victim@example.test` });
    const res = await postForm(app, '/api/mail', form);
    expect(res.statusCode, res.body).toBe(200);
    const mail = await smtp.waitFor(CONTACT_TO, new RegExp(form.name));
    expect(mail.to).toEqual([CONTACT_TO]);
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject).toContain('Bcc: victim@example.test');
    expect(smtp.messages.some((m) => m.to.includes('victim@example.test'))).toBe(false);
  });

  it("records a signed-in sender and refuses another user's id (403, nothing stored)", async () => {
    const user = await insertUser(t.db);
    const session = await signIn(app, user.email, user.password);
    const form = contact();
    const res = await postForm(app, `/api/mail?user_id=${session.userId}`, form, bearer(session.token));
    expect(res.statusCode, res.body).toBe(200);
    expect((await stored(form.email))[0]!.user_id).toBe(session.userId);
    expect((await smtp.waitFor(CONTACT_TO, new RegExp(form.subject))).text).toContain(`user ${session.userId}`);

    const other = contact();
    const forbidden = await postForm(app, `/api/mail?user_id=${session.userId + 1}`, other, bearer(session.token));
    expectError(forbidden, 403);
    const badToken = await postForm(app, '/api/mail', other, bearer('a.b.c'));
    expectError(badToken, 401);
    expect(await stored(other.email)).toEqual([]);
  });
});

describeEachDatabase('support: contact when the mail server fails', (t) => {
  let app: TestApp;
  const failing: Mailer = {
    outbox: null,
    send: () => Promise.reject(new Error('connection refused')),
    close: async () => {},
  };
  beforeAll(async () => {
    app = await buildTestApp(t.db, {}, { mailer: failing });
  });
  afterAll(() => app?.close());

  it('still answers success and keeps the message, marked as not mailed', async () => {
    const form = contact();
    const res = await postForm(app, '/api/mail', form);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: SUPPORT_TEXTS.emailSent });
    const rows = await t.db.query<{ sent_at: unknown }>('SELECT sent_at FROM contact_messages WHERE email = $1', [
      form.email,
    ]);
    expect(rows).toEqual([{ sent_at: null }]);
  });
});

describeEachDatabase('support: contact captcha and rate limit', (t) => {
  let app: TestApp;
  const captcha = createCaptcha(
    { provider: 'altcha', recaptchaSiteKey: null, recaptchaSecret: null },
    'k'.repeat(48),
    FAST_CAPTCHA,
  );
  beforeAll(async () => {
    app = await buildTestApp(t.db, { rateLimit: true }, { captcha });
  });
  afterAll(() => app?.close());

  async function solved() {
    const res = await app.inject({ method: 'GET', url: '/api/auth/captcha-challenge' });
    expect(res.statusCode, res.body).toBe(200);
    return solveAltcha(res.json());
  }
  let ip = 0;
  const newIp = () => ({ 'x-forwarded-for': `10.77.${Math.floor(++ip / 200)}.${(ip % 200) + 1}` });

  it('needs a solved captcha, good once (spec §5 Contact)', async () => {
    const from = newIp();
    const missing = await postForm(app, '/api/mail', contact(), from);
    expect(expectError(missing, 400, 'captcha').error).toBe(CAPTCHA_TEXTS.completeSelfHosted);
    const forged = await postForm(
      app,
      '/api/mail',
      { ...contact(), captcha: Buffer.from('{}').toString('base64') },
      from,
    );
    expectError(forged, 400, 'captcha');
    const answer = await solved();
    const form = contact();
    const ok = await postForm(app, '/api/mail', { ...form, captcha: answer }, from);
    expect(ok.statusCode, ok.body).toBe(200);
    const replay = await postForm(app, '/api/mail', { ...contact(), captcha: answer }, from);
    expectError(replay, 400, 'captcha');
    const rows = await t.db.query('SELECT 1 FROM contact_messages WHERE email = $1', [form.email]);
    expect(rows).toHaveLength(1);
  });

  it('answers 429 with Retry-After after 5 messages an hour from one address', async () => {
    const from = newIp();
    for (let i = 0; i < 5; i++) {
      const res = await postForm(app, '/api/mail', { ...contact(), captcha: await solved() }, from);
      expect(res.statusCode, res.body).toBe(200);
    }
    const blocked = await postForm(app, '/api/mail', { ...contact(), captcha: await solved() }, from);
    expect(expectError(blocked, 429).error).toBe(API_ERRORS.tooManyRequests);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    const elsewhere = await postForm(app, '/api/mail', { ...contact(), captcha: await solved() }, newIp());
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });
});

describe('CONTACT_TO', () => {
  it('defaults to the address of MAIL_FROM and may be set on its own', () => {
    expect(loadConfig({}).contactTo).toBe('no-reply@bosphorus.local');
    expect(loadConfig({ MAIL_FROM: 'Bosphorus <hello@bosphorus.example>' }).contactTo).toBe('hello@bosphorus.example');
    expect(loadConfig({ MAIL_FROM: 'hello@bosphorus.example' }).contactTo).toBe('hello@bosphorus.example');
    expect(loadConfig({ CONTACT_TO: 'desk@bosphorus.example' }).contactTo).toBe('desk@bosphorus.example');
  });

  it('refuses a value that is not one address', () => {
    expect(() => loadConfig({ CONTACT_TO: 'a@b.example, c@d.example' })).toThrow(ConfigError);
    expect(() => loadConfig({ CONTACT_TO: 'desk' })).toThrow(/CONTACT_TO/);
  });
});
