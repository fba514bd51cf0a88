import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';

// DESIGN §4: security headers and a strict Content-Security-Policy on every
// page; rate limits per client address with Retry-After on 429.

export const GLOBAL_RATE_LIMIT_PER_MINUTE = 1_000;
export const SEARCH_RATE_LIMIT_PER_MINUTE = 120;

// Called with the root instance, not through app.register(): an encapsulated
// plugin's hooks would cover only its own (no) routes.
export async function registerSecurity(app: FastifyInstance, opts: { rateLimit: boolean; https: boolean }) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:'],
        'font-src': ["'self'"],
        'connect-src': ["'self'"],
        'media-src': ["'self'", 'blob:'],
        // Trailers play in the privacy-enhanced YouTube player.
        'frame-src': ['https://www.youtube-nocookie.com'],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'self'"],
        ...(opts.https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    // The trailer iframe must load; COEP would block it.
    crossOriginEmbedderPolicy: false,
    hsts: opts.https,
  });
  if (opts.rateLimit) {
    await app.register(rateLimit, {
      global: true,
      max: GLOBAL_RATE_LIMIT_PER_MINUTE,
      timeWindow: '1 minute',
    });
  }
}
