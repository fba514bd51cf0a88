// Demo catalogue: reviewers and their reviews. All people here are
// fictional; e-mail addresses use the reserved example.com domain.

import { avatarFile } from './demo-catalogue-helpers.js';
import type { DemoReview, DemoUser } from './demo-types.js';

function user(key: string, name: string, withAvatar: boolean): DemoUser {
  const local = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/ı/g, 'i')
    .replace(/\p{M}+/gu, '')
    .replace(/[^a-z]+/g, '.');
  return { key, name, email: `${local}@example.com`, avatar: withAvatar ? avatarFile(key) : null };
}

export const demoUsers: DemoUser[] = [
  user('ayse', 'Ayşe Yılmaz', true),
  user('mehmet', 'Mehmet Kaya', true),
  user('zeynep', 'Zeynep Arslan', true),
  user('emre', 'Emre Çelik', false),
  user('elif', 'Elif Şahin', true),
  user('sarah', 'Sarah Mitchell', true),
  user('carlos', 'Carlos Mendoza', false),
  user('fatima', 'Fatima Rahman', true),
  user('john', 'John Parker', true),
  user('hana', 'Hana Suzuki', true),
  user('lukas', 'Lukas Schneider', false),
  user('amina', 'Amina Yusuf', true),
];

type Reply = [user: string, reply: string, at: string];
type Row = [
  kind: 's' | 'm',
  title: string,
  user: string,
  rating: number,
  at: string,
  content: string,
  replies?: Reply[],
];

const ROWS: Row[] = [
  // ───────────── Series ─────────────
  [
    's',
    'Diriliş: Ertuğrul',
    'sarah',
    10,
    '2024-02-11T21:14:00Z',
    'A friend recommended it and I never looked back. Five seasons in, Ertuğrul’s loyalty to his people still gives me chills, and the subtitles are excellent.',
    [['ayse', 'Welcome to the Kayı family! Wait until you reach season 3.', '2024-02-12T08:03:00Z']],
  ],
  [
    's',
    'Diriliş: Ertuğrul',
    'fatima',
    9,
    '2024-05-03T19:40:00Z',
    'The battles are great, but what really got me is tribe life: the tents, the weddings, the councils. Halime and Ertuğrul are such a solid couple.',
  ],
  [
    's',
    'Diriliş: Ertuğrul',
    'mehmet',
    8,
    '2024-09-19T22:05:00Z',
    'A bit slow in the middle of season 2, but every season finale makes up for it. Bamsı is the best character, no debate.',
    [['emre', 'Bamsı forever. Turgut is a close second though.', '2024-09-20T07:31:00Z']],
  ],
  [
    's',
    'Diriliş: Ertuğrul',
    'amina',
    10,
    '2025-06-22T18:27:00Z',
    'My whole family watched this together, my grandmother included. Nothing else has managed that.',
  ],

  [
    's',
    'Kuruluş: Osman',
    'carlos',
    9,
    '2024-03-18T21:48:00Z',
    'Came here after Ertuğrul, worried it would not live up to it. It does. Burak Özçivit owns the role.',
  ],
  [
    's',
    'Kuruluş: Osman',
    'emre',
    9,
    '2025-11-06T23:02:00Z',
    'Osman’s growth from a hot-headed young bey to a real leader is done really well. It keeps getting bigger every season.',
  ],
  [
    's',
    'Kuruluş: Osman',
    'ayse',
    8,
    '2026-10-15T20:55:00Z',
    'The new season started strong. A few too many traitors per episode for my taste, but I can’t stop watching.',
    [['zeynep', 'The traitor count is basically a tradition at this point.', '2026-10-16T09:12:00Z']],
  ],
  [
    's',
    'Kuruluş: Osman',
    'amina',
    7,
    '2026-11-12T21:30:00Z',
    'Great production value, but the episodes are very long. I watch them in two sittings.',
  ],

  [
    's',
    'Muhteşem Yüzyıl',
    'zeynep',
    10,
    '2024-01-20T20:18:00Z',
    'Hürrem is one of the greatest TV characters ever written, and Meryem Uzerli is unforgettable.',
  ],
  [
    's',
    'Muhteşem Yüzyıl',
    'lukas',
    7,
    '2025-02-14T19:05:00Z',
    'Beautiful to look at, but I wanted more history and fewer harem fights. Still binged all of it.',
    [['elif', 'The harem fights ARE the history, that’s where the power was!', '2025-02-15T10:30:00Z']],
  ],
  [
    's',
    'Muhteşem Yüzyıl',
    'fatima',
    9,
    '2025-10-30T22:41:00Z',
    'Halit Ergenç’s Süleyman is powerful but also lonely. The last season broke my heart.',
  ],

  [
    's',
    'Aşk-ı Memnu',
    'elif',
    10,
    '2024-03-02T21:09:00Z',
    'The classic. Bihter and Behlül are still the benchmark for every forbidden-love drama.',
  ],
  [
    's',
    'Aşk-ı Memnu',
    'hana',
    8,
    '2024-10-11T13:22:00Z',
    'Gorgeous mansion, gorgeous people, terrible decisions. I loved every minute.',
  ],

  [
    's',
    'Kara Sevda',
    'ayse',
    10,
    '2024-04-14T22:47:00Z',
    'Kemal and Nihan... I cried more during this show than in my entire life before it.',
  ],
  [
    's',
    'Kara Sevda',
    'sarah',
    9,
    '2024-11-29T20:33:00Z',
    'Emir is the most hateable villain I have ever seen, which means Kaan Urgancıoğlu is brilliant.',
    [['mehmet', 'He plays the complete opposite in Yargı, worth checking out.', '2024-11-30T11:02:00Z']],
  ],
  [
    's',
    'Kara Sevda',
    'john',
    8,
    '2025-03-21T19:15:00Z',
    'Long, but the love story holds it together. The tram scene in the first episode is iconic.',
  ],

  [
    's',
    'Çukur',
    'emre',
    10,
    '2024-02-28T23:11:00Z',
    'The best Turkish crime series, full stop. The family dynamics are as tense as the fights.',
  ],
  [
    's',
    'Çukur',
    'john',
    9,
    '2024-06-17T21:40:00Z',
    'Think of a mob saga set in one Istanbul neighbourhood. Vartolu steals every scene he’s in.',
  ],
  [
    's',
    'Çukur',
    'carlos',
    6,
    '2026-03-03T22:19:00Z',
    'Too violent for me at times. Great acting, but I needed breaks.',
  ],

  [
    's',
    'Yargı',
    'zeynep',
    9,
    '2024-04-30T21:26:00Z',
    'A smart legal drama with real twists. I never guessed the killer until the end.',
  ],
  [
    's',
    'Yargı',
    'sarah',
    10,
    '2024-12-14T20:44:00Z',
    'Ilgaz and Ceylin are the best couple in any Turkish show. Their courtroom arguments are amazing.',
  ],
  ['s', 'Yargı', 'elif', 9, '2026-02-07T18:58:00Z', 'Pınar Deniz is fantastic as Ceylin: funny, fierce and stubborn.'],

  [
    's',
    'Ezel',
    'mehmet',
    10,
    '2024-01-08T22:35:00Z',
    'A revenge story done right. Ramiz Dayı’s wisdom still lives in my head.',
  ],
  [
    's',
    'Ezel',
    'lukas',
    9,
    '2024-08-22T21:17:00Z',
    'The Count of Monte Cristo in Istanbul. The casino scenes are so stylish.',
  ],

  [
    's',
    'Avrupa Yakası',
    'elif',
    9,
    '2024-05-11T19:50:00Z',
    'Still the funniest sitcom Turkey has ever made. Burhan Altıntop is my hero.',
  ],
  [
    's',
    'Avrupa Yakası',
    'zeynep',
    8,
    '2025-03-29T20:36:00Z',
    'I grew up on this and the jokes still land. Great to finally share it with friends abroad.',
  ],

  [
    's',
    'Behzat Ç. Bir Ankara Polisiyesi',
    'john',
    9,
    '2024-10-26T23:04:00Z',
    'Grim, funny and very Ankara. Behzat is a mess and I love him.',
  ],
  [
    's',
    'Behzat Ç. Bir Ankara Polisiyesi',
    'emre',
    10,
    '2025-12-01T21:21:00Z',
    'The best cop show ever made here. The team feels like a real family.',
  ],

  [
    's',
    'Fatmagül’ün Suçu Ne?',
    'amina',
    9,
    '2024-02-19T20:07:00Z',
    'A difficult story handled with a lot of heart. Beren Saat is amazing.',
  ],
  [
    's',
    'Fatmagül’ün Suçu Ne?',
    'ayse',
    10,
    '2025-04-25T21:49:00Z',
    'One of the most important Turkish dramas. Everyone should watch it at least once.',
  ],

  [
    's',
    'Kuzey Güney',
    'hana',
    9,
    '2024-07-21T14:12:00Z',
    'One brother is an angel with a temper, the other a devil with a plan. Brilliant.',
  ],
  ['s', 'Kuzey Güney', 'carlos', 7, '2025-10-04T22:28:00Z', 'A great first season; the second one drags a bit.'],

  [
    's',
    'Kara Para Aşk',
    'lukas',
    8,
    '2024-03-25T20:40:00Z',
    'A crime story with a romance on top. The two leads have great chemistry.',
  ],

  [
    's',
    'Kiralık Aşk',
    'elif',
    9,
    '2024-06-29T21:13:00Z',
    'Light, funny and sweet. Perfect when you need a break from the heavy dramas.',
  ],
  ['s', 'Kiralık Aşk', 'amina', 8, '2025-01-16T19:32:00Z', 'Defne’s family cracks me up every single episode.'],

  [
    's',
    'Karadayı',
    'mehmet',
    9,
    '2024-12-21T22:09:00Z',
    'The 70s atmosphere is fantastic and Mahir is one of Kenan İmirzalıoğlu’s best roles.',
  ],

  [
    's',
    'Vatanım Sensin',
    'lukas',
    9,
    '2024-05-06T20:24:00Z',
    'I learned so much about occupied İzmir. Cevdet’s double life keeps you on edge.',
  ],

  [
    's',
    'Payitaht: Abdülhamid',
    'emre',
    7,
    '2025-02-03T21:58:00Z',
    'Interesting history and lots of spy games. Slow, but rewarding if you stick with it.',
  ],

  [
    's',
    'Hakan: Muhafız',
    'john',
    7,
    '2024-01-29T22:44:00Z',
    'A fun superhero story with a lot of Istanbul in it. Season 1 is the best.',
  ],
  [
    's',
    'Hakan: Muhafız',
    'hana',
    6,
    '2025-06-10T16:05:00Z',
    'Great idea, short episodes, but the later seasons got confusing.',
  ],

  [
    's',
    'Bir Zamanlar Çukurova',
    'ayse',
    9,
    '2024-10-19T21:37:00Z',
    'Hünkar is the queen of all mothers-in-law. Vahide Perçin is incredible.',
  ],
  [
    's',
    'Bir Zamanlar Çukurova',
    'amina',
    8,
    '2025-09-01T20:15:00Z',
    'The cotton fields, the costumes, the old cars... beautifully made.',
  ],

  [
    's',
    'Erkenci Kuş',
    'sarah',
    10,
    '2024-03-13T21:02:00Z',
    'My comfort show. Sanem is a chaotic angel and the office gang is hilarious.',
    [['hana', 'Same! I rewatch the camping episodes whenever I’m sad.', '2024-03-14T07:48:00Z']],
  ],
  [
    's',
    'Erkenci Kuş',
    'hana',
    9,
    '2025-02-21T15:26:00Z',
    'The best rom-com to start with if you are new to Turkish series.',
  ],

  [
    's',
    'Şahsiyet',
    'lukas',
    10,
    '2024-04-09T22:16:00Z',
    'Haluk Bilginer gives a masterclass. A thriller about memory that stays with you.',
  ],
  [
    's',
    'Şahsiyet',
    'john',
    9,
    '2025-03-07T21:00:00Z',
    'Tight, dark and perfectly paced. Short enough for one long weekend.',
  ],

  [
    's',
    'Atiye',
    'carlos',
    7,
    '2024-06-23T20:31:00Z',
    'Göbeklitepe as a setting is genius. The story gets weird, but I enjoyed the ride.',
  ],
  [
    's',
    'Atiye',
    'zeynep',
    6,
    '2025-08-26T21:43:00Z',
    'Beautiful visuals, confusing plot. The first season is the best.',
  ],

  [
    's',
    'Doğduğun Ev Kaderindir',
    'ayse',
    9,
    '2024-02-06T20:20:00Z',
    'Zeynep’s struggle between two families felt so real. Demet Özdemir shines in a serious role.',
  ],

  [
    's',
    'Sen Çal Kapımı',
    'hana',
    9,
    '2024-05-24T13:51:00Z',
    'Eda and Serkan fighting is my favourite kind of romance.',
  ],
  ['s', 'Sen Çal Kapımı', 'amina', 8, '2024-10-08T20:08:00Z', 'Hande Erçel’s outfits alone deserve an award.'],

  [
    's',
    'Masumlar Apartmanı',
    'zeynep',
    10,
    '2024-09-10T21:29:00Z',
    'A drama about trauma and obsession that is both painful and tender. Safiye is one of the best characters on TV.',
  ],
  [
    's',
    'Masumlar Apartmanı',
    'lukas',
    9,
    '2025-12-19T20:53:00Z',
    'Not an easy watch, but a rewarding one. The whole cast is excellent.',
  ],

  [
    's',
    'Bir Başkadır',
    'john',
    10,
    '2024-01-15T23:22:00Z',
    'Quiet and devastating. It shows the country in a way no other show has.',
  ],
  ['s', 'Bir Başkadır', 'emre', 8, '2025-10-22T22:07:00Z', 'Slow, but that’s the point. Meryem is unforgettable.'],

  [
    's',
    'Barbaroslar: Akdeniz’in Kılıcı',
    'mehmet',
    8,
    '2024-04-03T21:45:00Z',
    'Engin Altan on a ship, what more do you want? Great sea battles.',
  ],
  [
    's',
    'Barbaroslar: Akdeniz’in Kılıcı',
    'carlos',
    7,
    '2025-07-27T20:19:00Z',
    'A fun adventure, but it ended too soon.',
  ],

  [
    's',
    'Alparslan: Büyük Selçuklu',
    'emre',
    8,
    '2024-11-17T21:38:00Z',
    'Solid historical action. Barış Arduç surprised me, he makes a great warrior.',
  ],

  [
    's',
    'Kızılcık Şerbeti',
    'amina',
    9,
    '2024-05-28T20:42:00Z',
    'Two families, two worlds. It shows a very real side of life here.',
  ],
  [
    's',
    'Kızılcık Şerbeti',
    'zeynep',
    6,
    '2025-03-11T19:20:00Z',
    'It can be frustrating: the characters never just talk to each other! But I keep watching.',
    [['ayse', 'If they talked there would be no show :)', '2025-03-11T19:45:00Z']],
  ],
  [
    's',
    'Kızılcık Şerbeti',
    'ayse',
    8,
    '2026-10-03T21:57:00Z',
    'Every family dinner ends in a crisis and I live for it.',
  ],

  [
    's',
    'Aile',
    'elif',
    9,
    '2024-02-24T21:10:00Z',
    'Kıvanç and Serenay together is perfect casting. And the mother is terrifying.',
  ],
  [
    's',
    'Aile',
    'john',
    8,
    '2024-06-06T22:26:00Z',
    'A stylish crime-family drama. The mansion is a character of its own.',
  ],

  [
    's',
    'Şahmaran',
    'hana',
    7,
    '2024-07-14T15:40:00Z',
    'A magical atmosphere in Adana. Some slow episodes, but what a legend to build a show on.',
  ],

  [
    's',
    'Yaratılan',
    'lukas',
    8,
    '2024-03-08T21:34:00Z',
    'A gothic Frankenstein in Ottoman Istanbul, what a concept. Gorgeous cinematography.',
  ],
  ['s', 'Yaratılan', 'john', 7, '2025-10-31T23:50:00Z', 'Creepy and beautiful. Perfect for Halloween night.'],

  [
    's',
    'Uzak Şehir',
    'ayse',
    9,
    '2025-01-27T21:18:00Z',
    'Mardin looks magical, and Alya is a heroine I’d follow anywhere.',
  ],
  [
    's',
    'Uzak Şehir',
    'amina',
    8,
    '2025-11-18T20:46:00Z',
    'The clan politics are intense. Every episode ends with a punch.',
  ],
  [
    's',
    'Uzak Şehir',
    'fatima',
    9,
    '2026-10-20T21:52:00Z',
    'The new season is even better. Cemre Baysel is a revelation.',
  ],

  [
    's',
    'Mehmed: Fetihler Sultanı',
    'emre',
    9,
    '2024-04-22T21:25:00Z',
    'The siege preparations are fascinating, and Serkan Çayoğlu is a great young Mehmed.',
  ],
  [
    's',
    'Mehmed: Fetihler Sultanı',
    'mehmet',
    8,
    '2026-10-28T22:14:00Z',
    'I wait all week for each new episode. The cannon storyline is great.',
  ],

  [
    's',
    'Boğaz’ın Sırrı',
    'sarah',
    10,
    '2025-10-23T21:47:00Z',
    'The best new show of the year. Every episode adds a new clue and a new secret.',
  ],
  [
    's',
    'Boğaz’ın Sırrı',
    'zeynep',
    9,
    '2025-11-27T22:03:00Z',
    'The yalı, the Bosphorus at night, the family lawyers at each other’s throats... I’m obsessed.',
  ],
  [
    's',
    'Boğaz’ın Sırrı',
    'elif',
    9,
    '2026-10-02T20:00:00Z',
    'Season 2 opened with a bang. Haluk Bilginer is chilling.',
    [['sarah', 'That final scene in episode 2! I screamed.', '2026-10-02T22:10:00Z']],
  ],
  [
    's',
    'Boğaz’ın Sırrı',
    'hana',
    8,
    '2026-10-30T14:44:00Z',
    'Neslihan and Kaan reunited! A different story, the same fire.',
  ],

  [
    's',
    'Kapadokya Rüzgarı',
    'hana',
    10,
    '2025-07-18T12:36:00Z',
    'The balloons at sunrise! I want to book a trip right now.',
  ],
  [
    's',
    'Kapadokya Rüzgarı',
    'amina',
    8,
    '2025-08-20T20:11:00Z',
    'A sweet slow-burn romance. Can Yaman and Demet Özdemir together again is a gift.',
  ],

  [
    's',
    'İstanbul Gölgeleri',
    'john',
    9,
    '2025-03-06T22:58:00Z',
    'A proper detective show with the ferry routes as a clue. Erdal Beşikçioğlu back in cop mode!',
  ],
  [
    's',
    'İstanbul Gölgeleri',
    'lukas',
    9,
    '2025-04-01T21:41:00Z',
    'Tight episodes, no filler. The best crime show of the year.',
  ],
  ['s', 'İstanbul Gölgeleri', 'emre', 8, '2026-10-18T23:05:00Z', 'Season 2 is darker and I love it.'],

  ['s', 'Issız Fener', 'john', 8, '2025-12-12T23:31:00Z', 'Genuinely scary. The radio voices gave me goosebumps.'],
  ['s', 'Issız Fener', 'carlos', 6, '2026-10-25T22:48:00Z', 'Great atmosphere, but I want answers!'],

  [
    's',
    'Köşkteki Misafir',
    'zeynep',
    7,
    '2024-11-21T22:22:00Z',
    'Old-house horror done well. Nebahat Çehre is so creepy.',
  ],
  [
    's',
    'Köşkteki Misafir',
    'john',
    8,
    '2025-11-14T23:16:00Z',
    'Büyükada is the perfect setting for horror, and season 2 has a great twist.',
  ],

  [
    's',
    'İpek Yolu Kervanı',
    'fatima',
    9,
    '2024-10-29T20:59:00Z',
    'A woman leading a caravan in the thirteenth century! The desert scenes are gorgeous.',
  ],
  [
    's',
    'İpek Yolu Kervanı',
    'carlos',
    8,
    '2026-10-06T21:35:00Z',
    'Adventure, romance and a charming thief. Pure Saturday-night fun.',
  ],

  [
    's',
    'Mahallenin Muhtarı',
    'elif',
    9,
    '2024-01-31T20:38:00Z',
    'Like a warm hug. The whole neighbourhood feels like my own.',
  ],
  [
    's',
    'Mahallenin Muhtarı',
    'mehmet',
    8,
    '2025-10-09T21:12:00Z',
    'The baker war episode is the funniest thing I have seen this year.',
  ],

  [
    's',
    'Fırtına Kuşları',
    'emre',
    8,
    '2024-12-27T22:39:00Z',
    'Action at sea every week, and the rescue scenes look expensive.',
  ],

  [
    's',
    'Karadeniz’in Gülü',
    'ayse',
    9,
    '2024-09-26T21:06:00Z',
    'The Black Sea landscapes are breathtaking and Gül is so stubborn. I love her.',
  ],
  [
    's',
    'Karadeniz’in Gülü',
    'amina',
    9,
    '2025-02-10T20:24:00Z',
    'A great romance with a real family feud. The grandmother is the best.',
  ],

  [
    's',
    'Gece Yarısı Konağı',
    'john',
    8,
    '2024-10-31T23:45:00Z',
    'Six episodes, one night, no mercy. A perfect horror mini-series.',
  ],

  // ───────────── Movies ─────────────
  [
    'm',
    'Babam ve Oğlum',
    'mehmet',
    10,
    '2024-03-16T22:41:00Z',
    'The saddest film ever made in this country. I cried at the final scene for the tenth time.',
  ],
  [
    'm',
    'Babam ve Oğlum',
    'sarah',
    10,
    '2024-08-03T21:03:00Z',
    'A small family story that feels universal. Çetin Tekindor is heartbreaking.',
  ],
  [
    'm',
    'Babam ve Oğlum',
    'carlos',
    9,
    '2025-01-19T20:30:00Z',
    'Beautiful and painful. Call your father after watching.',
    [['lukas', 'I literally did.', '2025-01-20T08:14:00Z']],
  ],

  [
    'm',
    'Kış Uykusu',
    'lukas',
    9,
    '2024-05-20T22:50:00Z',
    'Long, wordy and absolutely brilliant. The conversations are like sword fights.',
  ],
  [
    'm',
    'Kış Uykusu',
    'john',
    7,
    '2025-02-27T21:19:00Z',
    'A beautiful Cappadocia winter. You need patience for the three-plus hours, though.',
  ],

  [
    'm',
    'Ayla',
    'fatima',
    10,
    '2024-02-02T20:47:00Z',
    'Based on a true story, and the ending destroyed me. A must-watch.',
  ],
  [
    'm',
    'Ayla',
    'amina',
    10,
    '2024-11-12T21:28:00Z',
    'The bond between Süleyman and Ayla is so pure. I watched it twice in one week.',
  ],

  [
    'm',
    'Müslüm',
    'mehmet',
    9,
    '2024-06-12T22:17:00Z',
    'Timuçin Esen disappears into the role. Now I listen to his songs every day.',
  ],
  ['m', 'Müslüm', 'emre', 10, '2025-05-05T21:33:00Z', 'A biography that understands why people loved him so much.'],

  [
    'm',
    '7. Koğuştaki Mucize',
    'sarah',
    10,
    '2024-01-05T22:08:00Z',
    'I have never cried this much at a film. Aras Bulut İynemli is unbelievable as Memo.',
  ],
  [
    'm',
    '7. Koğuştaki Mucize',
    'fatima',
    10,
    '2024-04-26T20:52:00Z',
    'A masterpiece about innocence and love. The little girl is the cutest child actor ever.',
  ],
  [
    'm',
    '7. Koğuştaki Mucize',
    'john',
    9,
    '2024-12-24T23:37:00Z',
    'Watched it on Christmas Eve. Big mistake, I’m a mess. Great movie.',
    [['carlos', 'Same thing happened to me. Worth it though.', '2024-12-26T10:20:00Z']],
  ],
  [
    'm',
    '7. Koğuştaki Mucize',
    'lukas',
    8,
    '2025-08-09T21:44:00Z',
    'Very emotional, sometimes a little manipulative, but it works.',
  ],

  ['m', 'G.O.R.A.', 'emre', 10, '2024-02-15T22:25:00Z', 'Cem Yılmaz’s masterpiece. I quote it every day of my life.'],
  [
    'm',
    'G.O.R.A.',
    'carlos',
    8,
    '2024-09-06T21:07:00Z',
    'A space-opera parody starring a carpet salesman. What’s not to love?',
  ],

  [
    'm',
    'Vizontele',
    'elif',
    9,
    '2024-04-18T20:34:00Z',
    'Funny and sad at the same time, the way Yılmaz Erdoğan does best.',
  ],
  ['m', 'Vizontele', 'ayse', 10, '2024-12-30T21:56:00Z', 'The ending hits hard every time. A true classic.'],

  [
    'm',
    'Organize İşler',
    'emre',
    9,
    '2024-07-05T22:12:00Z',
    'Superman Samet is a legend. One of the best comedies ever.',
  ],
  ['m', 'Organize İşler', 'john', 8, '2025-11-02T21:49:00Z', 'A clever heist comedy with a lot of heart.'],

  [
    'm',
    'Bir Zamanlar Anadolu’da',
    'lukas',
    10,
    '2024-10-14T23:03:00Z',
    'The rolling apple, the lamp-lit faces in the dark... pure cinema.',
  ],
  ['m', 'Bir Zamanlar Anadolu’da', 'carlos', 6, '2025-03-27T20:41:00Z', 'Beautiful but very slow. Not for everyone.'],

  [
    'm',
    'Dedemin İnsanları',
    'zeynep',
    9,
    '2024-05-31T21:15:00Z',
    'A gentle, beautiful film about belonging. The letters to the sea got me.',
  ],

  [
    'm',
    'Kuru Otlar Üstüne',
    'john',
    8,
    '2024-03-30T22:29:00Z',
    'Merve Dizdar deserves every award. A demanding but rich film.',
  ],
  ['m', 'Kuru Otlar Üstüne', 'lukas', 9, '2025-07-07T21:22:00Z', 'Uncomfortable, honest and brilliantly written.'],

  [
    'm',
    'Fetih 1453',
    'mehmet',
    9,
    '2024-05-29T21:53:00Z',
    'The siege scenes are huge. Watching it on 29 May is a tradition for me.',
  ],
  ['m', 'Fetih 1453', 'carlos', 7, '2024-11-03T20:16:00Z', 'Impressive battles; the drama in between is weaker.'],

  [
    'm',
    'Hokkabaz',
    'elif',
    8,
    '2024-06-20T21:31:00Z',
    'Funny with a sad heart. Şener Şen and Cem Yılmaz as father and son is perfect.',
  ],

  [
    'm',
    'Yahşi Batı',
    'john',
    8,
    '2024-04-24T22:46:00Z',
    'Ottoman envoys in the Wild West, genius premise. Very funny.',
  ],

  [
    'm',
    'Ejder Kapanı',
    'emre',
    8,
    '2024-09-13T23:09:00Z',
    'A stylish thriller with a great cast. Kenan İmirzalıoğlu is so intense.',
  ],

  [
    'm',
    'Av Mevsimi',
    'john',
    9,
    '2024-02-22T22:38:00Z',
    'A proper police thriller. The three detectives are perfect together.',
  ],
  ['m', 'Av Mevsimi', 'mehmet', 9, '2025-01-31T21:27:00Z', 'Şener Şen’s veteran detective is legendary.'],

  [
    'm',
    'Kelebeğin Rüyası',
    'elif',
    10,
    '2024-01-24T20:43:00Z',
    'Poetry, friendship, tragedy. The most beautiful-looking Turkish film I know.',
  ],
  [
    'm',
    'Kelebeğin Rüyası',
    'amina',
    9,
    '2024-10-02T21:05:00Z',
    'I went and read the poems after this. Kıvanç has never been better.',
  ],

  ['m', 'Eyyvah Eyvah', 'ayse', 8, '2024-07-17T20:58:00Z', 'Ata Demirer with a clarinet is pure joy.'],

  [
    'm',
    'Düğün Dernek',
    'emre',
    8,
    '2024-03-05T22:01:00Z',
    'The most Anatolian wedding ever. Hilarious from start to end.',
  ],

  [
    'm',
    'Arif V 216',
    'hana',
    7,
    '2024-12-11T15:17:00Z',
    'Cute and colourful. The musical numbers in 1960s Istanbul are fun.',
  ],

  [
    'm',
    'Ölümlü Dünya',
    'mehmet',
    9,
    '2024-08-31T21:39:00Z',
    'The most fun family ever: assassins who argue about dinner.',
  ],
  ['m', 'Ölümlü Dünya 2', 'mehmet', 8, '2025-02-06T22:04:00Z', 'Not as fresh as the first one, but still very funny.'],

  [
    'm',
    'Bergen',
    'ayse',
    9,
    '2024-01-12T21:48:00Z',
    'Farah Zeynep Abdullah is incredible. A heartbreaking life story.',
  ],
  [
    'm',
    'Bergen',
    'fatima',
    9,
    '2024-06-28T20:26:00Z',
    'I didn’t know her music before; now I can’t stop listening. A powerful film.',
  ],

  [
    'm',
    'Kurak Günler',
    'lukas',
    9,
    '2024-09-17T22:55:00Z',
    'A tense, sweaty political thriller. The dinner scene is unforgettable.',
  ],

  ['m', 'Bihter', 'elif', 5, '2024-04-06T21:42:00Z', 'Pretty to look at, but it can’t compete with the series.'],

  ['m', 'İyi Adamın 10 Günü', 'john', 8, '2024-02-09T23:14:00Z', 'A cool noir detective story. Nejat İşler is great.'],

  [
    'm',
    'Atatürk 1881–1919',
    'mehmet',
    9,
    '2024-03-19T21:11:00Z',
    'Aras Bulut İynemli transforms completely. Very well made.',
  ],
  [
    'm',
    'Atatürk 1881–1919',
    'lukas',
    7,
    '2024-11-10T20:37:00Z',
    'A big production, a little long. The early years are the most interesting part.',
  ],

  [
    'm',
    'Kağıttan Hayatlar',
    'sarah',
    9,
    '2024-05-15T22:20:00Z',
    'That twist! I didn’t see it coming. Çağatay Ulusoy is wonderful.',
  ],
  [
    'm',
    'Kağıttan Hayatlar',
    'amina',
    9,
    '2025-03-04T20:50:00Z',
    'A gentle film about street children that hits you hard at the end.',
  ],

  ['m', 'Dabbe', 'john', 6, '2024-10-29T23:58:00Z', 'Creepy early-2000s horror. Some scenes still work.'],

  ['m', 'Musallat', 'carlos', 7, '2025-10-30T23:24:00Z', 'Genuinely scary for its time.'],

  [
    'm',
    'Aşk Tesadüfleri Sever',
    'hana',
    9,
    '2024-02-13T14:29:00Z',
    'The sweetest romance. Two lives crossing again and again is such a lovely idea.',
  ],

  ['m', 'Mucize', 'ayse', 9, '2024-08-18T21:02:00Z', 'A funny and moving village story. Aziz is unforgettable.'],

  ['m', 'Dağ II', 'emre', 8, '2025-04-09T22:32:00Z', 'A realistic, tense military film with great camera work.'],

  [
    'm',
    'Son Vapur',
    'sarah',
    10,
    '2025-10-04T22:40:00Z',
    'A perfect one-night romance across Istanbul. I want to walk the same route.',
  ],
  ['m', 'Son Vapur', 'zeynep', 9, '2026-02-10T21:09:00Z', 'Hande Erçel and Çağatay Ulusoy have amazing chemistry.'],

  [
    'm',
    'Ankara Ekspresi',
    'john',
    9,
    '2025-06-20T22:43:00Z',
    'A thriller on a train, my favourite genre. Non-stop tension.',
  ],
  ['m', 'Ankara Ekspresi', 'lukas', 7, '2026-03-22T21:16:00Z', 'Good fun, a bit predictable in the final act.'],

  [
    'm',
    'Çırağan’da Bir Gece',
    'elif',
    9,
    '2025-12-20T21:24:00Z',
    'A stylish heist romance! Serenay and Kerem are so much fun together.',
  ],
  [
    'm',
    'Çırağan’da Bir Gece',
    'amina',
    8,
    '2026-01-06T20:13:00Z',
    'Glamorous and funny, like an old Hollywood caper set in a palace.',
  ],

  [
    'm',
    'Üsküdar’a Giderken',
    'ayse',
    8,
    '2024-09-29T21:35:00Z',
    'Three sisters and a wooden house. I cried and laughed.',
  ],

  ['m', 'Kar Kuşları', 'amina', 9, '2024-12-18T20:57:00Z', 'A moving survival story. The children are fantastic.'],
  ['m', 'Kar Kuşları', 'mehmet', 8, '2025-01-21T21:46:00Z', 'Beautiful snowy landscapes and a very emotional ending.'],

  ['m', 'Gölge Sokak', 'carlos', 7, '2024-11-01T23:06:00Z', 'Creepy little horror built on a great podcast idea.'],

  ['m', 'Dönüş Yolu', 'lukas', 8, '2024-04-15T20:48:00Z', 'A lovely road movie. The old Murat 124 is the real star.'],

  [
    'm',
    'Müzeyyen’in Mektupları',
    'elif',
    9,
    '2024-02-02T21:37:00Z',
    'Two love stories sixty years apart, beautifully connected.',
  ],
];

export const demoReviews: DemoReview[] = ROWS.map(([kind, title, userKey, rating, at, content, replies]) => {
  const review: DemoReview = { user: userKey, rating, content, created_at: at };
  if (kind === 's') review.series = title;
  else review.movie = title;
  if (replies?.length) {
    review.replies = replies.map(([u, reply, createdAt]) => ({ user: u, reply, created_at: createdAt }));
  }
  return review;
});
