import { iconBase, type IconProps as P } from './icons';

// Inline line icons for the product's promises (welcome band, services page).
// Decorative: the text beside each icon says what it means. A lighter stroke
// than the controls' icons.
const base = (props: P) => iconBase({ strokeWidth: 1.8, ...props });

export const SubtitlesIcon = (p: P) => (
  <svg {...base(p)}>
    <rect x="3" y="5" width="18" height="14" rx="2.5" />
    <path d="M7 12.5h4M13 12.5h4M7 15.5h7M16 15.5h1" />
  </svg>
);
export const NoAdsIcon = (p: P) => (
  <svg {...base(p)}>
    <circle cx="12" cy="12" r="9" />
    <path d="M5.6 5.6l12.8 12.8" />
    <path d="M8.5 14.5l2-5 2 5M9.2 13h2.6M14.5 9.5v5h1.2a2.5 2.5 0 0 0 0-5z" strokeWidth="1.4" />
  </svg>
);
export const DevicesIcon = (p: P) => (
  <svg {...base(p)}>
    <rect x="2.5" y="4" width="14" height="10" rx="1.5" />
    <path d="M6.5 18h6M9.5 14v4" />
    <rect x="16.5" y="9" width="5" height="11" rx="1.2" />
    <path d="M18.8 17.5h.4" />
  </svg>
);
export const HdIcon = (p: P) => (
  <svg {...base(p)}>
    <rect x="2.5" y="5" width="19" height="14" rx="2.5" />
    <path d="M7 9v6M7 12h3.5M10.5 9v6M14 9v6h1.5a3 3 0 0 0 0-6z" />
  </svg>
);
export const BellIcon = (p: P) => (
  <svg {...base(p)}>
    <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15z" />
    <path d="M10 20.5a2.2 2.2 0 0 0 4 0" />
  </svg>
);
export const TvIcon = (p: P) => (
  <svg {...base(p)}>
    <rect x="2.5" y="5" width="19" height="12.5" rx="2" />
    <path d="M8 21h8M12 17.5V21M9 2.5l3 2.5 3-2.5" />
  </svg>
);
export const CalendarIcon = (p: P) => (
  <svg {...base(p)}>
    <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
    <path d="M3.5 10h17M8 3v4M16 3v4M8 14h2M14 14h2M8 17h2" />
  </svg>
);
export const FilmIcon = (p: P) => (
  <svg {...base(p)}>
    <rect x="3" y="3.5" width="18" height="17" rx="2" />
    <path d="M7 3.5v17M17 3.5v17M3 8h4M3 12h18M3 16h4M17 8h4M17 16h4" />
  </svg>
);
export const CheckIcon = (p: P) => (
  <svg {...base(p)} strokeWidth={2.4}>
    <path d="M5 12.5l4.5 4.5L19 7.5" />
  </svg>
);
export const UserPlusIcon = (p: P) => (
  <svg {...base(p)}>
    <circle cx="10" cy="8" r="4" />
    <path d="M3 20a7 7 0 0 1 14 0M19 8v6M16 11h6" />
  </svg>
);
export const CardIcon = (p: P) => (
  <svg {...base(p)}>
    <rect x="2.5" y="5" width="19" height="14" rx="2" />
    <path d="M2.5 10h19M6 15h4" />
  </svg>
);
