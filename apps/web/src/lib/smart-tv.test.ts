import { describe, expect, it } from 'vitest';
import { isSmartTvUserAgent } from './smart-tv';

// Real user-agent strings, as TVs, sticks, consoles, phones and desktops send them.
const TVS: [string, string][] = [
  [
    'Samsung Tizen 5.0 (2019)',
    'Mozilla/5.0 (SMART-TV; LINUX; Tizen 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Version/5.0 TV Safari/537.36',
  ],
  [
    'Samsung Tizen 6 browser',
    'Mozilla/5.0 (Linux; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/4.0 Chrome/76.0.3809.146 TV Safari/537.36',
  ],
  [
    'Samsung Tizen 4.0',
    'Mozilla/5.0 (SMART-TV; Linux; Tizen 4.0) AppleWebKit/538.1 (KHTML, like Gecko) Version/4.0 TV Safari/538.1',
  ],
  [
    'Samsung Orsay',
    'Mozilla/5.0 (SmartHub; SMART-TV; U; Linux/SmartTV; Maple2012) AppleWebKit/534.7 (KHTML, like Gecko) SmartTV Safari/534.7',
  ],
  [
    'LG webOS 5',
    'Mozilla/5.0 (Web0S; Linux/SmartTV) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/68.0.3440.106 Safari/537.36 WebAppManager',
  ],
  [
    'LG webOS 6',
    'Mozilla/5.0 (Web0S; Linux/SmartTV) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79.0.3945.79 Safari/537.36 WebAppManager',
  ],
  [
    'LG webOS (lower case)',
    'Mozilla/5.0 (webOS/1.3; U; en-US) AppleWebKit/525.27.1 (KHTML, like Gecko) Version/1.0 Safari/525.27.1 Desktop/1.0',
  ],
  [
    'LG NetCast',
    'Mozilla/5.0 (DirectFB; Linux; ko-KR) AppleWebKit/534.26 (KHTML, like Gecko) Version/5.0 Safari/534.26 LG Browser/5.00.00(+mouse+3D+SCREEN+TUNER; LGE; 42LM7600-ZA; 04.41.03; 0x00000001;); LG NetCast.TV-2012 0',
  ],
  [
    'HbbTV (Philips)',
    'Mozilla/5.0 (Linux; U; Android 4.2.2; en-us; Philips TV Build/JDQ39) AppleWebKit/534.30 (KHTML, like Gecko) Version/4.0 Safari/534.30 HbbTV/1.2.1 (; Philips; ; ; ; ) CE-HTML/1.0 NETTV/4.3.1',
  ],
  ['HbbTV (Panasonic Viera)', 'HbbTV/1.2.1 (;Panasonic;VIERA 2014;3.101;0071-3103 2000-0000;)'],
  [
    'Sony BRAVIA',
    'Mozilla/5.0 (Linux; Android 9; BRAVIA 4K UR2 Build/PTT1.190515.001.S52) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79.0.3945.136 Mobile Safari/537.36',
  ],
  [
    'Android TV (Nvidia Shield)',
    'Mozilla/5.0 (Linux; Android 11; SHIELD Android TV Build/RQ1A.210105.003) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/96.0.4664.92 Safari/537.36',
  ],
  [
    'Google TV (Chromecast)',
    'Mozilla/5.0 (Linux; Android 12; Chromecast HD Build/STTE.230319.008.H1; wv) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/110.0.5481.154 Mobile Safari/537.36 CrKey/1.56.500000',
  ],
  [
    'Fire TV Stick 4K',
    'Mozilla/5.0 (Linux; Android 9; AFTMM Build/PS7233; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/70.0.3538.110 Mobile Safari/537.36',
  ],
  [
    'Fire TV (Silk)',
    'Mozilla/5.0 (Linux; Android 7.1.2; AFTKA) AppleWebKit/537.36 (KHTML, like Gecko) Silk/98.5.1 like Chrome/98.0.4758.136 Safari/537.36',
  ],
  [
    'Hisense VIDAA',
    'Mozilla/5.0 (Linux; U; Linux 4.9; VIDAA U5; Hisense 55A7100F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79.0.3945.79 Safari/537.36',
  ],
  [
    'Hisense (Opera TV)',
    'Mozilla/5.0 (Linux; Andr0id 9.0; HISENSE A6) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.77 Safari/537.36 OPR/46.0.2207.0 OMI/4.13.0.180.DIA5.104 Model/Hisense-MT9602',
  ],
  [
    'Xbox One (Edge)',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; Xbox; Xbox One) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/91.0.4472.124 Safari/537.36 Edg/91.0.864.70',
  ],
  ['PlayStation 5', 'Mozilla/5.0 (PlayStation; PlayStation 5/2.26) AppleWebKit/605.1.15 (KHTML, like Gecko)'],
  ['Roku', 'Roku/DVP-9.10 (519.10E04111A)'],
  [
    'Philips Titan OS',
    'Mozilla/5.0 (Linux; TitanOS/1.0; Philips) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/94.0.4606.61 Safari/537.36 SmartTV',
  ],
];

const NOT_TVS: [string, string][] = [
  [
    'Pixel 8 Chrome',
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/147.0.0.0 Mobile Safari/537.36',
  ],
  [
    'Galaxy Tab (Samsung Internet)',
    'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/23.0 Chrome/115.0.0.0 Safari/537.36',
  ],
  [
    'iPhone Safari',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  ],
  [
    'Windows Chrome',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/147.0.0.0 Safari/537.36',
  ],
  [
    'macOS Safari',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15',
  ],
  ['Linux Firefox', 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'],
  [
    'Headless Chromium',
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
  ],
];

describe('isSmartTvUserAgent', () => {
  it.each(TVS)('%s is a TV', (_name, ua) => {
    expect(isSmartTvUserAgent(ua)).toBe(true);
  });
  it.each(NOT_TVS)('%s is not a TV', (_name, ua) => {
    expect(isSmartTvUserAgent(ua)).toBe(false);
  });
  it('an empty or missing user agent is not a TV', () => {
    expect(isSmartTvUserAgent('')).toBe(false);
    expect(isSmartTvUserAgent(undefined)).toBe(false);
  });
});
