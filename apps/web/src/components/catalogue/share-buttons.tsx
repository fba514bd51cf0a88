import { useEffect, useRef, useState, type ReactElement } from 'react';
import { shareLinks, type ShareNetwork } from './share-links';
import './detail.css';

// Spec §1: share buttons for five social networks, plus Copy link. The links
// open the network in a new tab; `noopener` keeps that tab from reaching
// back into this one.

const COPIED_FEEDBACK_MS = 2_500;

type CopyState = 'idle' | 'copied' | 'failed';

export function ShareButtons({ url, title }: { url: string; title: string }) {
  const [copy, setCopy] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  async function handleCopy() {
    clearTimeout(timer.current);
    try {
      if (!navigator.clipboard) throw new Error('Clipboard unavailable');
      await navigator.clipboard.writeText(url);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
    timer.current = setTimeout(() => setCopy('idle'), COPIED_FEEDBACK_MS);
  }

  return (
    <div id="share" className="share" role="group" aria-label="Share">
      <span className="share__label" aria-hidden="true">
        Share
      </span>
      <ul className="share__list">
        {shareLinks(url, title).map((link) => (
          <li key={link.network}>
            <a
              className={`share__link share__link--${link.network}`}
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={link.label}
              title={link.label}
            >
              {NETWORK_ICONS[link.network]}
            </a>
          </li>
        ))}
        <li>
          <button type="button" className="share__copy" onClick={() => void handleCopy()}>
            {copy === 'copied' ? <CheckIcon /> : <LinkIcon />}
            Copy link
          </button>
        </li>
      </ul>
      <p className={`share__status share__status--${copy}`} role="status">
        {copy === 'copied'
          ? 'Link copied'
          : copy === 'failed'
            ? 'Could not copy. Copy the address from your browser bar.'
            : ''}
      </p>
    </div>
  );
}

// Simple line drawings of each network's mark (no icon font, nothing
// downloaded). Decorative: the link's aria-label names the network.
const svg = (children: ReactElement | ReactElement[], filled = false) => (
  <svg
    className="icon"
    viewBox="0 0 24 24"
    fill={filled ? 'currentColor' : 'none'}
    stroke={filled ? 'none' : 'currentColor'}
    strokeWidth={2}
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    {children}
  </svg>
);

const NETWORK_ICONS: Record<ShareNetwork, ReactElement> = {
  facebook: svg(<path d="M18 2h-3a5 5 0 0 0-5 5v3H7v4h3v8h4v-8h3l1-4h-4V7a1 1 0 0 1 1-1h3z" />),
  x: svg([<path key="a" d="M4 4l11.7 16H20L8.3 4z" />, <path key="b" d="M4 20l6.8-7.6M20 4l-6.6 7.4" />]),
  whatsapp: svg([
    <path key="a" d="M3.5 20.5l1.3-4.2A8.5 8.5 0 1 1 8 19.4z" />,
    <path key="b" d="M9 8.5c0 3.5 2.9 6.5 6.5 6.5l1-1.6-2-1-1 .9a4.5 4.5 0 0 1-2.3-2.3l.9-1-1-2z" />,
  ]),
  telegram: svg([
    <path key="a" d="M21.5 3.5L2.5 11l6.5 2.5 2.5 7 3.5-4.5 5 3.5z" />,
    <path key="b" d="M9 13.5l12.5-10" />,
  ]),
  reddit: svg([
    <ellipse key="a" cx="12" cy="14.5" rx="8.5" ry="6" />,
    <path key="b" d="M12 8.5l1.5-5.5 4.5 1" />,
    <circle key="c" cx="19" cy="4" r="1.5" />,
    <path key="d" d="M9 16.5c1.8 1.2 4.2 1.2 6 0" />,
    <path key="e" d="M9 13h.01M15 13h.01" />,
  ]),
};

const LinkIcon = () =>
  svg([
    <path key="a" d="M10 13a5 5 0 0 0 7.5.5l3-3a5 5 0 0 0-7-7l-1.7 1.7" />,
    <path key="b" d="M14 11a5 5 0 0 0-7.5-.5l-3 3a5 5 0 0 0 7 7l1.7-1.7" />,
  ]);
const CheckIcon = () => svg(<path d="M20 6L9 17l-5-5" />);
