// Art direction per title: its mood, palette (with a small per-title hue
// shift), scene motifs, poster layout, tagline and subtitle.

import type { DemoMovie, DemoSeries } from '../../apps/api/src/db/seed/demo-types.js';
import { slugify } from '../../apps/api/src/db/seed/demo-catalogue-helpers.js';
import { hueShift } from './colour.js';
import { motifsFor } from './motifs/keywords.js';
import type { Motif } from './motifs/index.js';
import { moodOf, PALETTES, type Mood, type Palette } from './palette.js';
import { between, pick, rngFor } from './random.js';

export type Title = DemoSeries | DemoMovie;
export const isSeries = (t: Title): t is DemoSeries => 'seasons' in t;

type Layout = 'classic' | 'top' | 'framed' | 'split' | 'bigtype';

/**
 * Art direction per title: which scene, which mood/palette and which poster
 * layout. Titles not listed fall back to keyword rules on their description.
 */
export const ART: Record<string, { m: Motif[]; mood?: Mood; pal?: number; layout?: Layout }> = {
  // Series
  'Diriliş: Ertuğrul': { m: ['mountains', 'warriors'], pal: 0, layout: 'bigtype' },
  'Kuruluş: Osman': { m: ['hills', 'warriors', 'snow'], pal: 1, layout: 'classic' },
  'Muhteşem Yüzyıl': { m: ['palace', 'skyline', 'water'], pal: 4, layout: 'framed' },
  'Aşk-ı Memnu': { m: ['yali', 'water', 'couple'], pal: 0, layout: 'framed' },
  'Kara Sevda': { m: ['bridge', 'water', 'duo'], pal: 3, layout: 'classic' },
  Çukur: { m: ['city', 'crew', 'rain'], pal: 4, layout: 'top' },
  Yargı: { m: ['scales', 'city', 'rain'], pal: 0, layout: 'classic' },
  Ezel: { m: ['skyline', 'water', 'figure', 'rain'], mood: 'dark', pal: 2, layout: 'bigtype' },
  'Kurtlar Vadisi': { m: ['city', 'crew'], mood: 'dark', pal: 1, layout: 'classic' },
  'Avrupa Yakası': { m: ['popsun', 'skyline', 'family', 'confetti'], pal: 1, layout: 'classic' },
  Gümüş: { m: ['skyline', 'water', 'woman'], mood: 'love', pal: 1, layout: 'split' },
  'Bin Bir Gece': { m: ['skyline', 'water', 'duo'], mood: 'love', pal: 4, layout: 'bigtype' },
  'Behzat Ç. Bir Ankara Polisiyesi': { m: ['city', 'rain', 'figure'], pal: 3, layout: 'framed' },
  'Fatmagül’ün Suçu Ne?': { m: ['water', 'hills', 'woman'], mood: 'love', pal: 2, layout: 'classic' },
  'Kuzey Güney': { m: ['city', 'rain', 'brothers'], mood: 'drama', pal: 4, layout: 'top' },
  Medcezir: { m: ['yali', 'water', 'couple'], mood: 'love', pal: 2, layout: 'split' },
  'Kara Para Aşk': { m: ['city', 'rain', 'couple'], mood: 'dark', pal: 2, layout: 'classic' },
  'Kiralık Aşk': { m: ['stripesun', 'skyline', 'couple', 'confetti'], pal: 0, layout: 'bigtype' },
  Karadayı: { m: ['city', 'rain', 'figure'], mood: 'drama', pal: 3, layout: 'top' },
  'Vatanım Sensin': { m: ['water', 'ship', 'couple'], mood: 'epic', pal: 1, layout: 'split' },
  'Payitaht: Abdülhamid': { m: ['palace', 'skyline', 'water'], mood: 'epic', pal: 3, layout: 'framed' },
  'Hakan: Muhafız': { m: ['skyline', 'bridge', 'water', 'figure'], mood: 'dark', pal: 0, layout: 'classic' },
  'Bir Zamanlar Çukurova': { m: ['fields', 'hills', 'couple'], mood: 'love', pal: 3, layout: 'bigtype' },
  'Erkenci Kuş': { m: ['stripesun', 'skyline', 'couple', 'confetti'], mood: 'light', pal: 2, layout: 'classic' },
  Şahsiyet: { m: ['hills', 'figure', 'fog'], mood: 'dark', pal: 4, layout: 'framed' },
  Atiye: { m: ['pillars', 'woman'], mood: 'dark', pal: 2, layout: 'top' },
  'Doğduğun Ev Kaderindir': { m: ['hills', 'family'], mood: 'love', pal: 0, layout: 'classic' },
  'Sen Çal Kapımı': { m: ['popsun', 'duo', 'confetti'], mood: 'light', pal: 1, layout: 'framed' },
  'Masumlar Apartmanı': { m: ['city', 'woman', 'rain'], mood: 'dark', pal: 4, layout: 'classic' },
  'Bir Başkadır': { m: ['skyline', 'woman'], mood: 'drama', pal: 2, layout: 'top' },
  'Barbaroslar: Akdeniz’in Kılıcı': { m: ['water', 'ship'], mood: 'epic', pal: 3, layout: 'top' },
  'Alparslan: Büyük Selçuklu': { m: ['mountains', 'warriors'], mood: 'epic', pal: 2, layout: 'top' },
  Mezarlık: { m: ['cypress', 'rain'], mood: 'dark', pal: 0, layout: 'classic' },
  'Kızılcık Şerbeti': { m: ['tea', 'hills'], mood: 'love', pal: 3, layout: 'classic' },
  Aile: { m: ['yali', 'water', 'figure'], mood: 'dark', pal: 1, layout: 'top' },
  Şahmaran: { m: ['hills', 'serpent', 'woman'], mood: 'love', pal: 4, layout: 'classic' },
  Yaratılan: { m: ['lightning', 'skyline', 'figure', 'snow'], mood: 'fear', pal: 2, layout: 'framed' },
  'Uzak Şehir': { m: ['terraces', 'woman'], mood: 'drama', pal: 3, layout: 'classic' },
  'Mehmed: Fetihler Sultanı': { m: ['walls', 'warriors'], mood: 'epic', pal: 4, layout: 'classic' },
  'Boğaz’ın Sırrı': { m: ['yali', 'water', 'skyline', 'figure'], mood: 'dark', pal: 0, layout: 'split' },
  'Kapadokya Rüzgarı': { m: ['chimneys', 'balloons'], mood: 'love', pal: 0, layout: 'top' },
  'İstanbul Gölgeleri': { m: ['skyline', 'water', 'ferry', 'rain'], mood: 'dark', pal: 0, layout: 'framed' },
  'Issız Fener': { m: ['water', 'lighthouse', 'fog'], mood: 'fear', pal: 2, layout: 'top' },
  'Köşkteki Misafir': { m: ['haunted', 'trees', 'fog'], mood: 'fear', pal: 0, layout: 'classic' },
  'İpek Yolu Kervanı': { m: ['dunes', 'camels'], mood: 'epic', pal: 2, layout: 'classic' },
  'Mahallenin Muhtarı': { m: ['popsun', 'skyline', 'family', 'confetti'], mood: 'light', pal: 0, layout: 'top' },
  'Fırtına Kuşları': { m: ['lightning', 'water', 'ferry', 'rain'], mood: 'dark', pal: 0, layout: 'bigtype' },
  'Karadeniz’in Gülü': { m: ['mountains', 'hills', 'couple', 'fog'], mood: 'love', pal: 2, layout: 'framed' },
  'Gece Yarısı Konağı': { m: ['haunted', 'snow', 'trees'], mood: 'fear', pal: 1, layout: 'bigtype' },
  // Movies
  'Babam ve Oğlum': { m: ['water', 'hills', 'fatherson'], mood: 'drama', pal: 3, layout: 'classic' },
  'Kış Uykusu': { m: ['chimneys', 'snow', 'figure'], mood: 'drama', pal: 4, layout: 'framed' },
  Ayla: { m: ['snow', 'mountains', 'soldiers', 'girl'], mood: 'epic', pal: 1, layout: 'top' },
  Müslüm: { m: ['mic'], mood: 'drama', pal: 4, layout: 'classic' },
  '7. Koğuştaki Mucize': { m: ['bars', 'child'], mood: 'drama', pal: 0, layout: 'top' },
  'G.O.R.A.': { m: ['space', 'figure'], mood: 'light', pal: 3, layout: 'bigtype' },
  Vizontele: { m: ['hills', 'antenna'], mood: 'light', pal: 0, layout: 'classic' },
  'Organize İşler': { m: ['popsun', 'skyline', 'hero'], mood: 'light', pal: 3, layout: 'top' },
  'Bir Zamanlar Anadolu’da': { m: ['hills', 'headlights'], mood: 'dark', pal: 1, layout: 'top' },
  'Kurtlar Vadisi: Irak': { m: ['dunes', 'crew'], mood: 'dark', pal: 4, layout: 'classic' },
  'Dedemin İnsanları': { m: ['water', 'fatherson'], mood: 'drama', pal: 2, layout: 'framed' },
  'Ahlat Ağacı': { m: ['hills', 'lonetree', 'figure'], mood: 'drama', pal: 1, layout: 'top' },
  'Kuru Otlar Üstüne': { m: ['snow', 'hills', 'grass', 'figure'], mood: 'drama', pal: 2, layout: 'split' },
  'Fetih 1453': { m: ['walls', 'water', 'ship'], mood: 'epic', pal: 0, layout: 'bigtype' },
  Hokkabaz: { m: ['hills', 'spotlight'], mood: 'drama', pal: 3, layout: 'framed' },
  'Yahşi Batı': { m: ['desert'], mood: 'epic', pal: 2, layout: 'classic' },
  'Ejder Kapanı': { m: ['city', 'rain', 'figure'], mood: 'dark', pal: 4, layout: 'top' },
  'Av Mevsimi': { m: ['hills', 'crew', 'snow'], mood: 'dark', pal: 3, layout: 'classic' },
  'Kelebeğin Rüyası': { m: ['hills', 'couple', 'butterflies'], mood: 'love', pal: 1, layout: 'framed' },
  'Eyyvah Eyvah': { m: ['popsun', 'hills', 'figure'], mood: 'light', pal: 1, layout: 'classic' },
  'Düğün Dernek': { m: ['stripesun', 'family', 'lights', 'confetti'], mood: 'light', pal: 0, layout: 'top' },
  'Arif V 216': { m: ['popsun', 'skyline', 'robot'], mood: 'light', pal: 2, layout: 'split' },
  'Ölümlü Dünya': { m: ['popsun', 'crew'], mood: 'light', pal: 3, layout: 'bigtype' },
  'Ölümlü Dünya 2': { m: ['stripesun', 'city', 'crew', 'confetti'], mood: 'light', pal: 0, layout: 'classic' },
  Bergen: { m: ['mic'], mood: 'love', pal: 3, layout: 'framed' },
  'Kurak Günler': { m: ['hills', 'grass', 'headlights'], mood: 'dark', pal: 4, layout: 'top' },
  Bihter: { m: ['yali', 'water', 'woman'], mood: 'love', pal: 4, layout: 'split' },
  'İyi Adamın 10 Günü': { m: ['city', 'rain', 'figure'], mood: 'dark', pal: 2, layout: 'classic' },
  'Atatürk 1881–1919': { m: ['water', 'ship', 'figure'], mood: 'epic', pal: 1, layout: 'framed' },
  'Kağıttan Hayatlar': { m: ['city', 'fatherson'], mood: 'drama', pal: 2, layout: 'top' },
  Dabbe: { m: ['city', 'fog', 'figure'], mood: 'fear', pal: 1, layout: 'classic' },
  Musallat: { m: ['city', 'haunted', 'fog'], mood: 'fear', pal: 2, layout: 'top' },
  Siccin: { m: ['trees', 'fog', 'woman'], mood: 'fear', pal: 0, layout: 'bigtype' },
  'Aşk Tesadüfleri Sever': { m: ['skyline', 'water', 'couple'], mood: 'love', pal: 1, layout: 'top' },
  Mucize: { m: ['mountains', 'hills', 'family'], mood: 'drama', pal: 1, layout: 'classic' },
  'Dağ II': { m: ['mountains', 'soldiers', 'snow'], mood: 'dark', pal: 3, layout: 'bigtype' },
  'Pek Yakında': { m: ['stripesun', 'clapper', 'confetti'], mood: 'light', pal: 3, layout: 'classic' },
  'Son Vapur': { m: ['water', 'ferry', 'skyline', 'duo'], mood: 'love', pal: 4, layout: 'split' },
  'Ankara Ekspresi': { m: ['hills', 'train'], mood: 'dark', pal: 1, layout: 'top' },
  'Çırağan’da Bir Gece': { m: ['palace', 'skyline', 'water'], mood: 'love', pal: 4, layout: 'framed' },
  'Üsküdar’a Giderken': { m: ['stripesun', 'skyline', 'water', 'family'], mood: 'light', pal: 2, layout: 'classic' },
  'Kar Kuşları': { m: ['snow', 'mountains', 'family'], mood: 'epic', pal: 1, layout: 'classic' },
  'Gölge Sokak': { m: ['city', 'figure', 'fog'], mood: 'fear', pal: 2, layout: 'classic' },
  'Dönüş Yolu': { m: ['hills', 'headlights'], mood: 'drama', pal: 0, layout: 'classic' },
  'Müzeyyen’in Mektupları': { m: ['letters'], mood: 'love', pal: 3, layout: 'bigtype' },
};

const TAGLINES: Record<Mood, string[]> = {
  epic: [
    'Every empire begins with an oath.',
    'Honour is the only crown.',
    'The steppe remembers the brave.',
    'One people. One dream. One sword.',
    'History belongs to the bold.',
    'Before the empire, there was a promise.',
    'The sea bows to no one.',
    'A legend rides at dawn.',
  ],
  love: [
    'Some loves are forbidden. Some are fate.',
    'One city. Two hearts. No way back.',
    'Love is the most dangerous secret.',
    'Every promise has a price.',
    'Between two families, one heart.',
    'The heart wants what it cannot have.',
    'Written in the stars, torn by the world.',
    'Some stories only begin at midnight.',
  ],
  dark: [
    'Everyone in this city has a secret.',
    'The truth has a body count.',
    'Justice keeps a long memory.',
    'Nobody is innocent after midnight.',
    'Trust no one.',
    'Every debt gets paid.',
    'The past never stays buried.',
    'One case. No way out.',
  ],
  fear: [
    'Some doors should stay closed.',
    'The house remembers.',
    'It only comes when the lights go out.',
    'Do not answer when it calls your name.',
    'Nobody leaves before dawn.',
  ],
  light: [
    'Chaos has never been this much fun.',
    'Can’t live with them. Can’t live without them.',
    'Zero peace and quiet.',
    'Laugh first, ask questions later.',
    'What could possibly go wrong?',
    'The funniest disaster of the year.',
  ],
  drama: [
    'Some journeys lead home.',
    'The hardest truths are the quiet ones.',
    'A story a whole country remembers.',
    'What we leave behind defines us.',
    'Every life is a small miracle.',
    'The silence between us.',
    'Home is where the heart breaks.',
  ],
};

export interface Design {
  slug: string;
  mood: Mood;
  palette: Palette;
  motifs: Motif[];
  layout: Layout;
  tagline: string;
  subtitle: string | null;
  original: boolean;
}

const ORIGINALS = new Set([
  'Boğaz’ın Sırrı',
  'Kapadokya Rüzgarı',
  'İstanbul Gölgeleri',
  'Issız Fener',
  'Köşkteki Misafir',
  'İpek Yolu Kervanı',
  'Mahallenin Muhtarı',
  'Fırtına Kuşları',
  'Karadeniz’in Gülü',
  'Gece Yarısı Konağı',
  'Son Vapur',
  'Ankara Ekspresi',
  'Çırağan’da Bir Gece',
  'Üsküdar’a Giderken',
  'Kar Kuşları',
  'Gölge Sokak',
  'Dönüş Yolu',
  'Müzeyyen’in Mektupları',
]);

export function designFor(t: Title): Design {
  const slug = slugify(t.title);
  const r = rngFor('design', slug);
  const art = ART[t.title];
  const mood = art?.mood ?? moodOf(t.genres);
  const options = PALETTES[mood];
  const base = art?.pal !== undefined ? options[art.pal % options.length]! : pick(r, options);
  // Per-title variation: a small hue rotation keeps shared palettes distinct.
  const shift = between(r, -14, 14);
  const palette: Palette = {
    ...base,
    sky: base.sky.map((c) => hueShift(c, shift)) as [string, string, string],
    accent: hueShift(base.accent, shift * 0.5),
  };
  const layouts: Layout[] = ['classic', 'classic', 'top', 'framed', 'split', 'bigtype'];
  // An English alternative title makes a good subtitle; skip mere ASCII spellings of the title.
  const alt = t.alt_titles.find((a) => slugify(a) !== slug);
  return {
    slug,
    mood,
    palette,
    motifs: art?.m ?? motifsFor(t.title, t.description, mood),
    layout: art?.layout ?? pick(r, layouts),
    tagline: pick(r, TAGLINES[mood]),
    subtitle: alt ?? null,
    original: ORIGINALS.has(t.title),
  };
}
