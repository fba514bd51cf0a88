// The six moods a title can have and the palettes each mood draws from
// (sky, light, accent, ink and title colours). A title's genres pick its mood.

export type Mood = 'epic' | 'love' | 'dark' | 'fear' | 'light' | 'drama';

export interface Palette {
  /** Sky gradient, top → horizon. */
  sky: [string, string, string];
  /** Sun / moon / window light. */
  light: string;
  /** Accent for rules, badges, balloons, neon. */
  accent: string;
  /** Silhouette / ground colour. */
  ink: string;
  /** Title colour. */
  text: string;
  night: boolean;
}

export const PALETTES: Record<Mood, Palette[]> = {
  epic: [
    {
      sky: ['#1a0909', '#6b1d12', '#e0893a'],
      light: '#ffd98a',
      accent: '#e3a63e',
      ink: '#120505',
      text: '#f9e8c4',
      night: false,
    },
    {
      sky: ['#0a0f1f', '#27406a', '#d08f3f'],
      light: '#ffe3a6',
      accent: '#d9a441',
      ink: '#060913',
      text: '#f6ebd2',
      night: false,
    },
    {
      sky: ['#1d1307', '#74491d', '#efbb62'],
      light: '#fff2c4',
      accent: '#c4372a',
      ink: '#140b04',
      text: '#fff4dd',
      night: false,
    },
    {
      sky: ['#081617', '#1f4b49', '#c28b3c'],
      light: '#ffe1a0',
      accent: '#e0b24f',
      ink: '#040c0c',
      text: '#f3ead6',
      night: false,
    },
    {
      sky: ['#0d0a1c', '#3b2250', '#c0603a'],
      light: '#ffc98a',
      accent: '#e8b04a',
      ink: '#07050e',
      text: '#fbe9cf',
      night: false,
    },
  ],
  love: [
    {
      sky: ['#2a0d2d', '#93325d', '#f4a57c'],
      light: '#ffe6c8',
      accent: '#ff7d8e',
      ink: '#1a0616',
      text: '#fff2ec',
      night: false,
    },
    {
      sky: ['#101b3b', '#5d3c7d', '#f4b4a2'],
      light: '#ffeede',
      accent: '#ff9aa8',
      ink: '#0a0c1f',
      text: '#fff3f0',
      night: false,
    },
    {
      sky: ['#06283a', '#1e7180', '#f3c7a1'],
      light: '#fff1da',
      accent: '#ff8d6b',
      ink: '#041722',
      text: '#fff6ec',
      night: false,
    },
    {
      sky: ['#3b0c1b', '#ab354d', '#ffd3a8'],
      light: '#fff0d8',
      accent: '#ffb86b',
      ink: '#22060f',
      text: '#fff5ea',
      night: false,
    },
    {
      sky: ['#0b1026', '#22305e', '#6e5aa8'],
      light: '#f2efff',
      accent: '#ff86b8',
      ink: '#05081a',
      text: '#f5f0ff',
      night: true,
    },
  ],
  dark: [
    {
      sky: ['#020709', '#0b2631', '#21606a'],
      light: '#a8f4ff',
      accent: '#ff3a3a',
      ink: '#010304',
      text: '#ecfbff',
      night: true,
    },
    {
      sky: ['#060606', '#1e1b12', '#74601e'],
      light: '#ffd54d',
      accent: '#ffb000',
      ink: '#030303',
      text: '#fff6d8',
      night: true,
    },
    {
      sky: ['#05060f', '#171b3d', '#3e2c6c'],
      light: '#cdbbff',
      accent: '#ff2f80',
      ink: '#020308',
      text: '#f4efff',
      night: true,
    },
    {
      sky: ['#090b0b', '#1d2a25', '#52704f'],
      light: '#dcffd2',
      accent: '#e04a2f',
      ink: '#030504',
      text: '#eef7ee',
      night: true,
    },
    {
      sky: ['#0a0507', '#2a0f17', '#7a2430'],
      light: '#ffc2a8',
      accent: '#ff5a36',
      ink: '#050203',
      text: '#fff0ea',
      night: true,
    },
  ],
  fear: [
    {
      sky: ['#020203', '#140407', '#470b10'],
      light: '#ffb7a3',
      accent: '#d01620',
      ink: '#000000',
      text: '#f6e6e6',
      night: true,
    },
    {
      sky: ['#020605', '#0c1b15', '#314f3d'],
      light: '#dcffe9',
      accent: '#84ff9f',
      ink: '#000302',
      text: '#eafff1',
      night: true,
    },
    {
      sky: ['#02040a', '#0d1931', '#37527d'],
      light: '#e8f1ff',
      accent: '#a9c9ff',
      ink: '#000207',
      text: '#eef4ff',
      night: true,
    },
  ],
  light: [
    {
      sky: ['#ffc93a', '#ff8a3d', '#ff4f6d'],
      light: '#fff8d8',
      accent: '#2140d4',
      ink: '#2b1242',
      text: '#ffffff',
      night: false,
    },
    {
      sky: ['#15bfc6', '#67dfc4', '#fff0a6'],
      light: '#ffffff',
      accent: '#ff4f7a',
      ink: '#0a3949',
      text: '#ffffff',
      night: false,
    },
    {
      sky: ['#ff7bb2', '#ffb68a', '#ffe39a'],
      light: '#fffbe6',
      accent: '#5b2bd6',
      ink: '#3a0f3d',
      text: '#ffffff',
      night: false,
    },
    {
      sky: ['#3a57fc', '#7b4cff', '#ff82ac'],
      light: '#fff2fb',
      accent: '#ffd43b',
      ink: '#150d46',
      text: '#ffffff',
      night: false,
    },
  ],
  drama: [
    {
      sky: ['#14161b', '#3c4352', '#cda57a'],
      light: '#f8e4c4',
      accent: '#cf8f4d',
      ink: '#0b0c0f',
      text: '#f5f0e7',
      night: false,
    },
    {
      sky: ['#1a1913', '#4f4b33', '#d2bf8c'],
      light: '#fff4d6',
      accent: '#b9793a',
      ink: '#0d0c08',
      text: '#f8f2e2',
      night: false,
    },
    {
      sky: ['#0e1a25', '#3b5b74', '#e6cba6'],
      light: '#fff2de',
      accent: '#e39a5a',
      ink: '#070d13',
      text: '#f4f1ea',
      night: false,
    },
    {
      sky: ['#20130e', '#6c3c2a', '#e8b78d'],
      light: '#ffeeda',
      accent: '#e6a05c',
      ink: '#120a07',
      text: '#fff3e8',
      night: false,
    },
    {
      sky: ['#0c0f17', '#262d45', '#5f6c8f'],
      light: '#e9eeff',
      accent: '#d7b46a',
      ink: '#05070c',
      text: '#eef1fa',
      night: true,
    },
  ],
};

export function moodOf(genres: number[]): Mood {
  if (genres.includes(10)) return 'fear';
  const first = genres[0]!;
  if (first === 6 || (genres.includes(6) && !genres.includes(9) && !genres.includes(1) && first !== 4)) return 'light';
  if (first === 9 || (genres.includes(9) && first === 4 && !genres.includes(8))) return 'dark';
  if (first === 1 || first === 2 || first === 5) return genres.includes(9) ? 'dark' : 'epic';
  if (first === 8 || first === 11) return 'love';
  if (first === 4 && (genres.includes(8) || genres.includes(11))) return 'love';
  if (first === 4 && genres.includes(5)) return 'epic';
  return 'drama';
}
