// Times of the console's marker timeline (issue 28): shown as "1:23.4"
// (or "1:02:03.0" past an hour), typed the same way or as seconds.

/** Seconds as the timeline shows them, to a tenth. */
export function markerClock(seconds: number): string {
  const tenths = Math.round(Math.max(0, seconds) * 10);
  const s = Math.floor(tenths / 10);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = `${String(s % 60).padStart(2, '0')}.${tenths % 10}`;
  return h ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

/** A typed time ("1:23.4", "1:02:03", "83.4") in seconds; null when it is not one. */
export function parseMarkerClock(text: string): number | null {
  const parts = text.trim().split(':');
  if (parts.length > 3 || parts.some((p) => !/^\d+(\.\d+)?$/.test(p))) return null;
  // Only the last part may have a fraction; minutes and seconds under 60 after the first.
  if (parts.slice(0, -1).some((p) => p.includes('.'))) return null;
  if (parts.slice(1).some((p) => Number(p) >= 60)) return null;
  const seconds = parts.reduce((sum, p) => sum * 60 + Number(p), 0);
  return Number.isFinite(seconds) ? Math.round(seconds * 10) / 10 : null;
}

/** A value kept within [min, max], to a tenth of a second. */
export function clampTenth(value: number, min: number, max: number): number {
  return Math.round(Math.min(max, Math.max(min, value)) * 10) / 10;
}
