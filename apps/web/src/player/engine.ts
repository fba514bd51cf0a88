import type Hls from 'hls.js';
import type { ErrorData, HlsConfig } from 'hls.js';
import { failureFromStatus, type MediaFailure } from './failover';

// Which machinery feeds the <video> element: the browser's own HLS (Safari,
// TVs, recent Chromium), hls.js light on Media Source Extensions (loaded
// only here, only when needed), or the progressive MP4 (devices without
// either); all three are H.264/AAC. An engine without those codecs (the
// open-source Chromium of old TVs) plays the title's progressive WebM
// (VP9 + Opus) instead (decision 0057). A decoding failure moves to the
// next one at the same position.

export type EngineKind = 'native' | 'hls' | 'mp4' | 'webm';
export const ENGINE_KINDS: readonly EngineKind[] = ['native', 'hls', 'mp4', 'webm'];

export interface EngineSources {
  /** Absolute URLs (the current origin and token). */
  hls: string;
  mp4: string;
  /** The title's WebM, when it has one. */
  webm?: string;
}

/** What the browser says it decodes (`canPlayType` / `MediaSource.isTypeSupported`). */
export interface CodecSupport {
  /** H.264 Main + AAC-LC, the codecs of the HLS ladder and the MP4. */
  h264: boolean;
  /** VP9 + Opus in WebM. */
  webm: boolean;
}

export const H264_TYPE = 'video/mp4; codecs="avc1.4d401e, mp4a.40.2"';
export const WEBM_TYPE = 'video/webm; codecs="vp9, opus"';

interface CodecProbe {
  canPlayType(type: string): string;
}

/** Asks the element (progressive, native HLS) and Media Source Extensions (hls.js) about both codec sets. */
export function codecSupport(
  video: CodecProbe,
  mediaSource: { isTypeSupported(type: string): boolean } | undefined,
): CodecSupport {
  const either = (type: string) => video.canPlayType(type) !== '' || mediaSource?.isTypeSupported(type) === true;
  return { h264: either(H264_TYPE), webm: either(WEBM_TYPE) };
}

/**
 * The order with the WebM placed (decision 0057): left out when the title
 * has none or the browser cannot play it; first when the browser cannot
 * decode H.264 (the others could only fail there, one by one) or when
 * forced; otherwise last, a final try after every H.264 engine failed.
 */
export function withWebm(
  order: EngineKind[],
  codecs: CodecSupport,
  titleHasWebm: boolean,
  forced: EngineKind | null,
): EngineKind[] {
  const rest = order.filter((k) => k !== 'webm');
  if (!titleHasWebm || !codecs.webm) return rest;
  return codecs.h264 && forced !== 'webm' ? [...rest, 'webm'] : ['webm', ...rest];
}

export interface EngineHooks {
  /** Every request URL passes here just before it leaves (the newest token). */
  rewrite(url: string): string;
  /** Called once per build with the first failure that stops playback. */
  onFailure(failure: MediaFailure): void;
}

/** The engines to try, in order (a forced one first, when this device has it). */
export function engineOrder(nativeHls: boolean, mse: boolean, forced: EngineKind | null): EngineKind[] {
  const available: EngineKind[] = [];
  if (nativeHls) available.push('native');
  if (mse) available.push('hls');
  available.push('mp4');
  return forced && available.includes(forced) ? [forced, ...available.filter((k) => k !== forced)] : available;
}

// notes/player-payments.md R1 and §1.2: one retry after ~300 ms, so a failing
// origin hands over to the backup in about a second instead of backing off.
const ONE_QUICK_RETRY = { maxNumRetry: 1, retryDelayMs: 300, maxRetryDelayMs: 300 };
const QUICK_POLICY = {
  default: {
    maxTimeToFirstByteMs: 10_000,
    maxLoadTimeMs: 20_000,
    timeoutRetry: { maxNumRetry: 1, retryDelayMs: 0, maxRetryDelayMs: 0 },
    errorRetry: ONE_QUICK_RETRY,
  },
};

/**
 * The share of the estimated link a start rendition may take: the rest is
 * room for the audio, the playlists and a dip of the link, so the first
 * segments arrive faster than they play and the start does not stall.
 */
export const START_HEADROOM = 0.6;

/**
 * The rendition to start on (issue 15, decision 0067): the best one whose
 * peak bitrate fits in START_HEADROOM of the link estimate; the lowest when
 * none fits or there is no estimate (the safe start it was before).
 */
export function startLevelFor(bitrates: readonly number[], estimateBps: number | null): number {
  if (!bitrates.length) return 0;
  let lowest = 0;
  for (let i = 1; i < bitrates.length; i++) if (bitrates[i]! < bitrates[lowest]!) lowest = i;
  if (estimateBps === null || !(estimateBps > 0)) return lowest;
  const budget = estimateBps * START_HEADROOM;
  let best = lowest;
  for (let i = 0; i < bitrates.length; i++) {
    if (bitrates[i]! <= budget && bitrates[i]! > bitrates[best]!) best = i;
  }
  return best;
}

/**
 * The browser's estimate of the link in bits per second (Network Information
 * API: `downlink` in Mb/s, Chromium engines), or null without one or when
 * the viewer asked to save data (then the lowest rendition).
 */
export function linkEstimateBps(nav: Navigator = navigator): number | null {
  const connection = (nav as Navigator & { connection?: { downlink?: unknown; saveData?: unknown } }).connection;
  if (!connection || connection.saveData === true) return null;
  const downlink = connection.downlink;
  return typeof downlink === 'number' && Number.isFinite(downlink) && downlink > 0 ? downlink * 1_000_000 : null;
}

let hlsModule: Promise<typeof Hls | null> | null = null;
/** hls.js light, fetched once; null when it cannot load. */
export function loadHls(): Promise<typeof Hls | null> {
  hlsModule ??= import('hls.js/dist/hls.light.mjs').then(
    (m) => m.default,
    () => null,
  );
  return hlsModule;
}

export class MediaEngine {
  private hls: Hls | null = null;
  private index = 0;
  private failed = false;
  private build = 0;
  private sources: EngineSources | null = null;
  private readonly onVideoError = () => void this.handleVideoError();

  constructor(
    private readonly video: HTMLVideoElement,
    private readonly hooks: EngineHooks,
    private readonly order: EngineKind[],
  ) {
    video.addEventListener('error', this.onVideoError);
  }

  get kind(): EngineKind | null {
    return this.order[this.index] ?? null;
  }

  /** Builds the current engine on these sources, ready to play from `position`. */
  async load(sources: EngineSources, position: number): Promise<void> {
    this.sources = sources;
    this.teardown();
    const build = ++this.build;
    this.failed = false;
    const kind = this.kind;
    if (kind === null) return this.fail({ kind: 'media' });
    if (kind === 'hls') {
      const HlsClass = await loadHls();
      if (build !== this.build) return;
      if (!HlsClass || !HlsClass.isSupported()) {
        if (!(await this.next(position))) this.fail({ kind: 'media' });
        return;
      }
      this.attachHls(HlsClass, sources.hls, position);
      return;
    }
    const url = this.urlOf(kind, sources);
    if (!url) {
      if (!(await this.next(position))) this.fail({ kind: 'media' });
      return;
    }
    this.video.src = this.hooks.rewrite(url);
    if (position > 0) {
      this.video.addEventListener('loadedmetadata', () => this.seekTo(position, build), { once: true });
    }
    this.video.load();
  }

  /** A decoding failure: the next engine at the same position. False when none is left. */
  async next(position: number): Promise<boolean> {
    if (this.index >= this.order.length - 1 || !this.sources) {
      this.index = this.order.length;
      this.teardown();
      return false;
    }
    this.index++;
    await this.load(this.sources, position);
    return true;
  }

  destroy() {
    this.build++;
    this.teardown();
    this.video.removeEventListener('error', this.onVideoError);
  }

  /** The URL the element itself loads for an engine other than hls.js. */
  private urlOf(kind: Exclude<EngineKind, 'hls'>, sources: EngineSources): string | undefined {
    return kind === 'native' ? sources.hls : kind === 'mp4' ? sources.mp4 : sources.webm;
  }

  private seekTo(position: number, build: number) {
    if (build !== this.build) return;
    const duration = this.video.duration;
    this.video.currentTime = Number.isFinite(duration) ? Math.min(position, Math.max(0, duration - 1)) : position;
  }

  private attachHls(HlsClass: typeof Hls, url: string, position: number) {
    const estimate = linkEstimateBps();
    const config: Partial<HlsConfig> = {
      // The start rendition is chosen once the ladder is known (below).
      autoStartLoad: false,
      startPosition: position > 0 ? position : -1,
      // hls.js's own first guess of the link, until it has measured a fragment.
      ...(estimate !== null ? { abrEwmaDefaultEstimate: estimate } : {}),
      manifestLoadPolicy: QUICK_POLICY,
      playlistLoadPolicy: QUICK_POLICY,
      fragLoadPolicy: { default: { ...QUICK_POLICY.default, maxLoadTimeMs: 120_000 } },
      // Every request carries the newest token (renewal during a long film).
      xhrSetup: (xhr, requestUrl) => {
        xhr.open('GET', this.hooks.rewrite(requestUrl), true);
      },
    };
    const hls = new HlsClass(config);
    this.hls = hls;
    let recovered = false;
    hls.on(HlsClass.Events.ERROR, (_event, data: ErrorData) => {
      if (this.hls !== hls) return;
      const status = data.response?.code ?? (data.networkDetails as XMLHttpRequest | undefined)?.status;
      // A refused token is refused for every rendition: ask for a new one now
      // instead of letting hls.js walk through the other levels first.
      if (status === 401 || status === 403) return this.fail({ kind: 'http', status, resource: 'media' });
      if (!data.fatal) return;
      if (data.type === HlsClass.ErrorTypes.NETWORK_ERROR) return this.fail(failureFromStatus(status, 'media'));
      if (data.type === HlsClass.ErrorTypes.MEDIA_ERROR && !recovered) {
        recovered = true;
        hls.recoverMediaError();
        return;
      }
      this.fail({ kind: 'media' });
    });
    hls.once(HlsClass.Events.MANIFEST_PARSED, (_event, data) => {
      if (this.hls !== hls) return;
      hls.startLevel = startLevelFor(
        data.levels.map((level) => level.bitrate),
        estimate,
      );
      hls.startLoad();
    });
    hls.loadSource(url);
    hls.attachMedia(this.video);
  }

  private teardown() {
    if (this.hls) {
      this.hls.destroy();
      this.hls = null;
    }
    if (this.video.getAttribute('src') !== null) {
      this.video.removeAttribute('src');
      this.video.load();
    }
  }

  private fail(failure: MediaFailure) {
    if (this.failed) return;
    this.failed = true;
    this.hls?.stopLoad();
    this.hooks.onFailure(failure);
  }

  /**
   * The element reports only "could not load" for native HLS and MP4: ask
   * the server what it says about the same URL to tell a refused token, a
   * broken server and an undecodable file apart.
   */
  private async handleVideoError() {
    const kind = this.kind;
    if (kind === 'hls' || kind === null || this.failed || !this.video.error || !this.sources) return;
    const build = this.build;
    const source = this.urlOf(kind, this.sources);
    if (!source) return;
    const url = this.hooks.rewrite(source);
    let failure: MediaFailure;
    try {
      const res = await fetch(url, { method: 'HEAD', cache: 'no-store', credentials: 'omit' });
      failure = res.ok ? { kind: 'media' } : failureFromStatus(res.status, 'media');
    } catch {
      failure = { kind: 'network', resource: 'media' };
    }
    if (build === this.build) this.fail(failure);
  }
}
