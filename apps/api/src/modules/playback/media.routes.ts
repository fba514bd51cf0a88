import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { PLAYBACK_TEXTS, type PlayerInfo } from '@bosphorus/contract';
import { HttpFailure } from '../../plugins/errors.js';
import type { PlaybackClaims, PlaybackTokens } from './playback-token.js';
import {
  INFO_FILE,
  isSafeRelativePath,
  MEDIA_MAX_AGE_SECONDS,
  type PlayableMedia,
  type PlaybackService,
} from './playback.service.js';
import type { SiteOrigins } from '../../plugins/site-origin.js';

// The protected media (DESIGN §4 Playback; decision 0018):
//
//   GET|HEAD {media origin}/media/{playback token}/{file of the video's rendition folder}
//
// One route holds every playlist, init segment, segment, subtitle file and
// MP4, so no file type can forget the check (Jellyfin's bypasses were one
// route each). The token decides the folder: the path only names a file
// inside it, and only files listed in that folder are served. Relative URIs
// in the playlists carry the token to every child request with no playlist
// rewriting. Failures are 403 `{error}` with no-store and no media bytes.

const NO_STORE = { 'cache-control': 'no-store' };
const refused = () => new HttpFailure(403, { error: PLAYBACK_TEXTS.mediaRefused }, NO_STORE);

/** The request URL as logged: a playback token (media path segment, `token` query) never reaches a log line. */
export function redactUrl(url: string): string {
  let out = url;
  if (out.startsWith('/media/')) out = out.replace(/^\/media\/[^/?#]*/, '/media/<redacted>');
  if (out.includes('token=')) out = out.replace(/([?&][a-z_]*token=)[^&#]*/gi, '$1<redacted>');
  return out;
}

export interface MediaRoutesOptions {
  service: PlaybackService;
  tokens: PlaybackTokens;
  /** The site's origins per request (decision 0034): the media origins and the web app may read media answers (CORS). */
  origins: Pick<SiteOrigins, 'player'>;
  /**
   * Whether the token's user may still play a token issued at `issuedAt`
   * (sign-out, a ban, a password change, a refund end them: decision 0031).
   * Answered from memory on this hot path (modules/accounts/viewer-state.ts).
   */
  playbackAllowed(userId: number, issuedAt: number): Promise<boolean>;
  /**
   * Whether the user is an operator now: their tokens also play a title that
   * is not out yet (the console's preview). Asked only for such a title.
   */
  isOperator?(userId: number): Promise<boolean>;
}

/**
 * What a playback token opens: its claims and the video's files, or null
 * when the token is invalid or expired, its user may no longer play, or the
 * video has gone (every check of the media route).
 */
export function tokenOpener(opts: MediaRoutesOptions) {
  const { service, tokens, playbackAllowed } = opts;
  return async (token: string): Promise<{ claims: PlaybackClaims; found: PlayableMedia } | null> => {
    const claims = tokens.verify(token);
    if (!claims || !(await playbackAllowed(claims.userId, claims.issuedAt))) return null;
    const found =
      (await service.mediaFor(claims)) ??
      ((await opts.isOperator?.(claims.userId)) ? await service.previewMediaFor(claims) : null);
    // The video was withdrawn, or lost its files, after the token was minted.
    return found ? { claims, found } : null;
  };
}

/**
 * The player's info.json for a token, as the media route answers it, or null
 * where that route refuses: the server writes it into the player page it
 * serves, saving the player a round trip before it can play (decision 0105).
 */
export function playerInfoFor(opts: MediaRoutesOptions) {
  const open = tokenOpener(opts);
  return async (req: FastifyRequest, token: string): Promise<PlayerInfo | null> => {
    const opened = await open(token);
    return opened && opts.service.playerInfo(opened.claims, opened.found, opts.origins.player(req));
  };
}

/** Registered on the root, encapsulated: its hooks cover only /media. */
export async function mediaRoutes(app: FastifyInstance, opts: MediaRoutesOptions) {
  const { service, origins } = opts;
  const open = tokenOpener(opts);
  const mayRead = (req: FastifyRequest, origin: string | undefined): origin is string =>
    origin !== undefined && Object.values(origins.player(req)).some((allowed) => new URL(allowed).origin === origin);
  // A sendFile of our own over the media root: Range (206/416), If-Range,
  // ETag and HEAD come from `send`; our Cache-Control is kept (cacheControl false).
  await app.register(fastifyStatic, {
    root: service.mediaRoot,
    serve: false,
    cacheControl: false,
    dotfiles: 'deny',
    index: false,
  });

  // The player page on one media origin reads from the other after a
  // failover, and answers it cannot read look like network errors: error
  // answers carry the CORS headers too, so the player sees its 403.
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('vary', 'Origin');
    const origin = req.headers.origin;
    if (mayRead(req, origin)) {
      reply
        .header('access-control-allow-origin', origin)
        .header('access-control-expose-headers', 'Content-Length, Content-Range, Accept-Ranges');
    }
    done();
  });

  app.options('/media/*', { schema: { hide: true } }, async (req, reply) => {
    const origin = req.headers.origin;
    if (!mayRead(req, origin)) throw refused();
    return reply
      .code(204)
      .header('access-control-allow-methods', 'GET, HEAD')
      .header('access-control-allow-headers', 'Range')
      .header('access-control-max-age', '600')
      .send();
  });

  // Fastify answers HEAD with the same handler (exposeHeadRoutes).
  app.get('/media/*', { schema: { hide: true } }, async (req: FastifyRequest, reply: FastifyReply) => {
    const rest = (req.params as { '*': string })['*'];
    const slash = rest.indexOf('/');
    const opened = slash > 0 ? await open(rest.slice(0, slash)) : null;
    if (!opened) throw refused();
    const { claims, found } = opened;
    const file = rest.slice(slash + 1);
    // '..', hidden files, backslashes: nothing but a plain path inside the folder.
    if (!isSafeRelativePath(file)) throw refused();

    const secondsLeft = claims.expiresAt - Math.floor(Date.now() / 1000);
    reply.headers({
      // Never kept past the token's expiry, and never by a shared cache.
      'cache-control': `private, max-age=${Math.max(0, Math.min(MEDIA_MAX_AGE_SECONDS, secondsLeft))}`,
      'referrer-policy': 'no-referrer',
      // The backup origin's player may load these (the token is the credential).
      'cross-origin-resource-policy': 'cross-origin',
    });
    if (file === INFO_FILE) {
      return reply.type('application/json; charset=utf-8').send(service.playerInfo(claims, found, origins.player(req)));
    }
    if (!found.files.has(file)) throw new HttpFailure(404, { error: PLAYBACK_TEXTS.mediaNotFound }, NO_STORE);
    return reply.sendFile(`${found.folder}/${file}`);
  });
}
