import { iconBase, type IconProps } from '../../../components/ui/icons';

// The bookmark and the bell: outlined when off, filled when on (spec §4
// Toggles: the icon follows the answer).

export const BookmarkIcon = ({ filled, ...p }: IconProps & { filled: boolean }) => (
  <svg {...iconBase(p)} fill={filled ? 'currentColor' : 'none'}>
    <path d="M6 3.5h12a1 1 0 0 1 1 1v16l-7-4.5-7 4.5v-16a1 1 0 0 1 1-1z" />
  </svg>
);

export const BellToggleIcon = ({ filled, ...p }: IconProps & { filled: boolean }) => (
  <svg {...iconBase(p)} fill={filled ? 'currentColor' : 'none'}>
    <path d="M6 16V11a6 6 0 1 1 12 0v5l1.5 2h-15z" />
    <path d="M10 20.5a2.2 2.2 0 0 0 4 0" fill="none" />
  </svg>
);
