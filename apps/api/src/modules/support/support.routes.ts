import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTH_FIELDS,
  CONTACT_LIMITS,
  envelope,
  faqAnswer,
  PAGE_SLUG_MAX_LENGTH,
  PAGE_SLUG_PATTERN,
  pageBody,
  SUPPORT_TEXTS,
  missingCaptchaText,
} from '@bosphorus/contract';
import type { Captcha } from '../../lib/captcha.js';
import { HttpFailure, privateAnswers } from '../../plugins/auth.js';
import { acceptMultipart } from '../../plugins/forms.js';
import { byIp, HOUR, type LimitRule, type Limits } from '../../plugins/rate-limits.js';
import { errorAnswers, FORM_TYPES } from '../../plugins/routes.js';
import type { SupportService } from './support.service.js';

// Spec §7 `GET /faq` (status and data top level), `POST /mail` (message top
// level), and our `GET /pages/{slug}` for the policy pages (decision 0025).

/** A required form text: trimmed, non-empty, at most `max` characters (400 naming the field otherwise). */
const requiredText = (max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? SUPPORT_TEXTS.required : 'must be text') })
    .trim()
    .min(1, SUPPORT_TEXTS.required)
    .max(max, SUPPORT_TEXTS.tooLong(max));

// One address, nothing a mail header could read as a list or a display
// name (the sender's address becomes the operator mail's Reply-To).
const CONTACT_EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)+$/;

/** Spec §7 `POST /mail` form: name, email, message, subject, and the captcha answer. */
export const contactForm = z.object({
  name: requiredText(CONTACT_LIMITS.name),
  email: requiredText(CONTACT_LIMITS.email).regex(CONTACT_EMAIL, SUPPORT_TEXTS.invalidEmail),
  subject: requiredText(CONTACT_LIMITS.subject),
  message: requiredText(CONTACT_LIMITS.message),
  [AUTH_FIELDS.captcha]: z.string().max(10_000).optional(),
});

const slugParam = z.object({
  slug: z.string().max(PAGE_SLUG_MAX_LENGTH, SUPPORT_TEXTS.badSlug).regex(PAGE_SLUG_PATTERN, SUPPORT_TEXTS.badSlug),
});

/** DESIGN §4: the contact form is rate-limited per client address. */
export const CONTACT_RULE: LimitRule = { name: 'contact-ip', max: 5, timeWindowMs: HOUR, key: byIp };

/** Public texts every visitor gets alike: a browser or proxy may keep them a minute. */
const PUBLIC_CACHE = 'public, max-age=60';

export interface SupportRoutesOptions {
  service: SupportService;
  captcha: Captcha;
  limit: Limits;
}

export async function supportRoutes(app: FastifyInstance, opts: SupportRoutesOptions) {
  const { service, captcha } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/faq', { schema: { response: { 200: faqAnswer } } }, async (_req, reply) => {
    reply.header('cache-control', PUBLIC_CACHE);
    return { status: 'success' as const, data: await service.listFaqs() };
  });

  api.get(
    '/pages/:slug',
    { schema: { params: slugParam, response: { 200: envelope(pageBody), ...errorAnswers(400, 404) } } },
    async (req, reply) => {
      const page = await service.requirePage(req.params.slug);
      reply.header('cache-control', PUBLIC_CACHE);
      return { body: { page } };
    },
  );

  // The form post: a context of its own that takes multipart bodies too
  // (plugins/forms.ts), so the two reads above do not pay for it.
  await app.register(async (forms) => {
    privateAnswers(forms);
    await acceptMultipart(forms);
    /** A visitor may write; a presented token must verify, and then it names the sender. */
    const identityIfPresented = async (req: FastifyRequest, reply: FastifyReply) => {
      if (req.headers.authorization !== undefined) return forms.authenticate(req, reply);
      return undefined;
    };
    forms.withTypeProvider<ZodTypeProvider>().post(
      '/mail',
      {
        schema: {
          consumes: FORM_TYPES,
          body: contactForm,
          response: { 200: z.object({ message: z.string() }), ...errorAnswers(400, 401, 403, 429) },
        },
        // A POST with no body at all is missing the name: say so rather than "body".
        preValidation: async (req) => {
          req.body ??= {} as typeof req.body;
        },
        preHandler: [identityIfPresented, opts.limit(CONTACT_RULE)],
      },
      async (req) => {
        // Spec §5 Contact: the captcha completed, verified here (DESIGN §4).
        if (!(await captcha.verify(req.body.captcha, req.ip))) {
          throw new HttpFailure(400, { error: missingCaptchaText(captcha.provider), field: AUTH_FIELDS.captcha });
        }
        await service.sendContactMessage({
          name: req.body.name,
          email: req.body.email,
          subject: req.body.subject,
          message: req.body.message,
          userId: req.userId || null,
          ip: req.ip,
        });
        return { message: SUPPORT_TEXTS.emailSent };
      },
    );
  });
}
