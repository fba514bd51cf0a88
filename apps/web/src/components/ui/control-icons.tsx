import type { SVGProps } from 'react';

// Playback controls missing from icons.tsx (inline, decorative by default).
type P = SVGProps<SVGSVGElement>;

export const PauseIcon = (p: P) => (
  <svg className="icon" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false" {...p}>
    <rect x="6" y="4.5" width="4" height="15" rx="1" />
    <rect x="14" y="4.5" width="4" height="15" rx="1" />
  </svg>
);
