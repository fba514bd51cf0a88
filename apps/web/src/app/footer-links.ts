// The footer's outside addresses in one place (spec §1 Footer), so a change
// of handle or number is a one-line edit. The Android download goes to the
// Google Play listing rather than a side-loaded APK: see
// docs/decisions/0005-footer-links.md.

export const ANDROID_APP_URL = 'https://play.google.com/store/apps/details?id=tv.bosphorus.app';

export type SocialNetwork = 'facebook' | 'twitter' | 'youtube' | 'instagram' | 'whatsapp';

/** Spec §1 order: facebook, twitter, youtube, instagram, whatsapp. */
export const SOCIAL_LINKS: ReadonlyArray<{ network: SocialNetwork; name: string; href: string }> = [
  { network: 'facebook', name: 'Facebook', href: 'https://www.facebook.com/bosphorus.tv' },
  { network: 'twitter', name: 'Twitter', href: 'https://twitter.com/bosphorustv' },
  { network: 'youtube', name: 'YouTube', href: 'https://www.youtube.com/@bosphorustv' },
  { network: 'instagram', name: 'Instagram', href: 'https://www.instagram.com/bosphorus.tv' },
  { network: 'whatsapp', name: 'WhatsApp', href: 'https://whatsapp.com/channel/0029VaBosphorusTv7wQ3' },
];

export const CHAT_LINKS = {
  whatsapp: 'https://wa.me/905320000110',
  telegram: 'https://t.me/bosphorustv_support',
} as const;

export const COMPANY_LINKS: ReadonlyArray<{ name: string; to: string }> = [
  { name: 'About Us', to: '/services' },
  { name: 'Contact Us', to: '/profile/contact' },
  { name: 'FAQs', to: '/profile/faq' },
  { name: 'Privacy Policy', to: '/profile/privacy-policy' },
  { name: 'Terms & Conditions', to: '/profile/term-condition' },
  { name: 'Copyright Policy', to: '/profile/copyright-policy' },
];

/** Shown to logged-in users only (spec §1). */
export const EXPLORE_LINKS: ReadonlyArray<{ name: string; to: string }> = [
  { name: 'Turkish Series', to: '/allseries' },
  { name: 'Turkish Movies', to: '/allmovies' },
  { name: 'Favorites', to: '/profile/favorites' },
  { name: 'History', to: '/profile/history' },
];
