import { Link } from 'react-router';
import {
  BellIcon,
  CalendarIcon,
  CardIcon,
  CheckIcon,
  DevicesIcon,
  FilmIcon,
  HdIcon,
  NoAdsIcon,
  SubtitlesIcon,
  TvIcon,
  UserPlusIcon,
} from '../../../components/ui/feature-icons';
import { PlayIcon } from '../../../components/ui/icons';
import '../services.css';

// Spec §2: /services (and /profile/calendar) show the services text: what
// Bosphorus offers and what every plan includes.

const SERVICES = [
  {
    Icon: FilmIcon,
    title: 'Turkish series and movies',
    text: 'Ottoman epics, family sagas, romantic comedies and crime thrillers: complete seasons of the series everyone talks about, plus feature films from Türkiye’s best directors.',
  },
  {
    Icon: SubtitlesIcon,
    title: 'English subtitles',
    text: 'Every episode and every film carries English subtitles timed to the dialogue, with names, places and idioms kept true to the Turkish original.',
  },
  {
    Icon: CalendarIcon,
    title: 'New episodes every week',
    text: 'Ongoing series follow the Turkish broadcast schedule. New episodes arrive subtitled every week, soon after they air in Türkiye.',
  },
  {
    Icon: HdIcon,
    title: 'HD picture',
    text: 'Watch in sharp high definition. The stream adapts to your connection, so a slow network means a short dip in sharpness, not a frozen screen.',
  },
  {
    Icon: NoAdsIcon,
    title: 'No advertisements',
    text: 'No pre-rolls, no breaks in the middle of a scene, no banners over the picture. Press play and watch straight through.',
  },
  {
    Icon: DevicesIcon,
    title: 'Unlimited devices',
    text: 'Sign in on your phone, tablet, laptop and television. There is no limit on the number of devices you use.',
  },
  {
    Icon: BellIcon,
    title: 'New-episode notifications',
    text: 'Turn on the bell for the series you follow and we let you know the moment a new episode is ready to watch.',
  },
  {
    Icon: TvIcon,
    title: 'Made for smart TVs',
    text: 'Bosphorus runs in your smart TV’s browser and is built for the remote: the arrows move, OK plays, Back returns.',
  },
];

const PLAN_INCLUDES = [
  'The full catalogue of Turkish series and movies',
  'English subtitles on every title',
  'New episodes every week',
  'HD streaming with no advertisements',
  'As many devices as you like',
  'Notifications, Favorites and watch history',
];

const STEPS = [
  {
    Icon: UserPlusIcon,
    title: 'Create your account',
    text: 'Register with your e-mail address in under a minute.',
  },
  {
    Icon: CardIcon,
    title: 'Choose a plan',
    text: 'Pick the plan that suits you and pay by card or online wallet.',
  },
  {
    Icon: PlayIcon,
    title: 'Start watching',
    text: 'Open any series or film and press Watch Now, on any screen.',
  },
];

export function ServicesPage() {
  return (
    <main id="main" className="services">
      <header className="services__hero">
        <svg className="services__art" viewBox="0 0 320 240" aria-hidden="true" focusable="false">
          <path d="M134 146a62 62 0 1 1 74-92 48 48 0 1 0-74 92z" fill="currentColor" opacity="0.85" />
          <path
            d="M20 178c30-20 60-20 90 0s60 20 90 0 60-20 90 0M20 210c30-20 60-20 90 0s60 20 90 0 60-20 90 0"
            fill="none"
            stroke="#d7263d"
            strokeWidth="10"
            strokeLinecap="round"
          />
        </svg>
        <p className="services__eyebrow">Bosphorus</p>
        <h1 className="services__title">Our Services</h1>
        <p className="services__lead">
          Bosphorus brings the best of Turkish television and cinema to viewers who speak English. Complete series and
          feature films with careful English subtitles, new episodes every week, streaming in HD without a single
          advertisement, on every screen you own.
        </p>
        <div className="services__cta">
          <Link className="btn btn--primary" to="/register">
            Create an account
          </Link>
          <Link className="btn btn--ghost" to="/allseries">
            Browse the catalogue
          </Link>
        </div>
      </header>

      <section className="services__section" aria-labelledby="services-offer">
        <h2 id="services-offer" className="services__heading">
          What you get
        </h2>
        <ul className="services__grid">
          {SERVICES.map(({ Icon, title, text }) => (
            <li key={title} className="service-card">
              <span className="service-card__icon">
                <Icon />
              </span>
              <h3 className="service-card__title">{title}</h3>
              <p className="service-card__text">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section className="services__section services__split" aria-labelledby="services-plan">
        <div className="services__plan">
          <h2 id="services-plan" className="services__heading">
            Every plan includes
          </h2>
          <p className="services__muted">
            Plans run by the day, the month or the year, and every plan unlocks the same catalogue and features. Cancel
            whenever you like: your plan stays active until the end of the period you paid for.
          </p>
          <ul className="services__checks">
            {PLAN_INCLUDES.map((item) => (
              <li key={item}>
                <CheckIcon />
                {item}
              </li>
            ))}
          </ul>
        </div>
        <div className="services__steps-wrap">
          <h2 className="services__heading">How it works</h2>
          <ol className="services__steps">
            {STEPS.map(({ Icon, title, text }, i) => (
              <li key={title} className="services__step">
                <span className="services__step-icon" aria-hidden="true">
                  <Icon />
                  <span className="services__step-number">{i + 1}</span>
                </span>
                <span>
                  <strong className="services__step-title">{title}</strong>
                  <span className="services__step-text">{text}</span>
                </span>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="services__section services__help" aria-labelledby="services-help">
        <h2 id="services-help" className="services__heading">
          Questions?
        </h2>
        <p className="services__muted">
          Read the answers to common questions, or write to our support team and we will get back to you by e-mail.
        </p>
        <div className="services__cta">
          <Link className="btn btn--secondary" to="/profile/faq">
            Read the FAQs
          </Link>
          <Link className="btn btn--ghost" to="/profile/contact">
            Contact us
          </Link>
        </div>
      </section>
    </main>
  );
}
