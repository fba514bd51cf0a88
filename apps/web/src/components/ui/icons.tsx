import type { SVGProps } from 'react';

// Inline icons (no icon font, nothing downloaded). Decorative by default.
export type IconProps = SVGProps<SVGSVGElement>;
type P = IconProps;
/** The shared look of every line icon: 24-unit box, round strokes, hidden from assistive tech. */
export const iconBase = (props: P) => ({
  className: 'icon',
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
  'aria-hidden': true,
  focusable: false,
  ...props,
});

export const StarIcon = (p: P) => (
  <svg {...iconBase(p)} fill="currentColor" stroke="none">
    <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6L2.5 9.4l6.6-.8z" />
  </svg>
);
export const PlayIcon = (p: P) => (
  <svg {...iconBase(p)} fill="currentColor" stroke="none">
    <path d="M7 4.5v15a1 1 0 0 0 1.5.9l12-7.5a1 1 0 0 0 0-1.7l-12-7.5A1 1 0 0 0 7 4.5z" />
  </svg>
);
export const ChevronLeftIcon = (p: P) => (
  <svg {...iconBase(p)}>
    <path d="M15 18l-6-6 6-6" />
  </svg>
);
export const ChevronRightIcon = (p: P) => (
  <svg {...iconBase(p)}>
    <path d="M9 18l6-6-6-6" />
  </svg>
);
export const ArrowRightIcon = (p: P) => (
  <svg {...iconBase(p)}>
    <path d="M5 12h14M13 6l6 6-6 6" />
  </svg>
);
export const ChevronsLeftIcon = (p: P) => (
  <svg {...iconBase(p)}>
    <path d="M11 17l-5-5 5-5M18 17l-5-5 5-5" />
  </svg>
);
export const ChevronsRightIcon = (p: P) => (
  <svg {...iconBase(p)}>
    <path d="M13 17l5-5-5-5M6 17l5-5-5-5" />
  </svg>
);
export const ChevronDownIcon = (p: P) => (
  <svg {...iconBase(p)}>
    <path d="M6 9l6 6 6-6" />
  </svg>
);
export const CloseIcon = (p: P) => (
  <svg {...iconBase(p)}>
    <path d="M18 6L6 18M6 6l12 12" />
  </svg>
);
export const SearchIcon = (p: P) => (
  <svg {...iconBase(p)}>
    <circle cx="11" cy="11" r="7" />
    <path d="M20 20l-3.5-3.5" />
  </svg>
);
export const InfoIcon = (p: P) => (
  <svg {...iconBase(p)}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 16v-4M12 8h.01" />
  </svg>
);
export const MenuIcon = (p: P) => (
  <svg {...iconBase(p)}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </svg>
);
export const SortIcon = (p: P) => (
  <svg {...iconBase(p)}>
    <path d="M7 4v16M4 17l3 3 3-3M17 20V4M14 7l3-3 3 3" />
  </svg>
);
export const EyeIcon = (p: P) => (
  <svg {...iconBase(p)}>
    <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
    <circle cx="12" cy="12" r="3" />
  </svg>
);
export const EyeOffIcon = (p: P) => (
  <svg {...iconBase(p)}>
    <path d="M10.6 5.1A9.9 9.9 0 0 1 12 5c6.4 0 10 7 10 7a17 17 0 0 1-3.2 4.1M6.6 6.6A17 17 0 0 0 2 12s3.6 7 10 7a9.7 9.7 0 0 0 5.4-1.6M3 3l18 18M9.9 9.9a3 3 0 0 0 4.2 4.2" />
  </svg>
);
