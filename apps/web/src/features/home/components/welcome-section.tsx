import { Link } from 'react-router';
import { MESSAGES } from '@bosphorus/contract';
import { BellIcon, DevicesIcon, HdIcon, NoAdsIcon, SubtitlesIcon } from '../../../components/ui/feature-icons';

// Spec §1/§2: visitors get a welcome with Login Now and Register and the
// marketing claims (no ads, English subtitles, unlimited devices, HD, new
// episode notifications).

const CLAIMS = [
  { Icon: NoAdsIcon, title: 'No advertisements', text: 'Nothing interrupts the story.' },
  { Icon: SubtitlesIcon, title: 'English subtitles', text: 'On every episode and film.' },
  { Icon: DevicesIcon, title: 'Unlimited devices', text: 'Phone, laptop, tablet and TV.' },
  { Icon: HdIcon, title: 'HD quality', text: 'Sharp picture on big screens.' },
  { Icon: BellIcon, title: 'New episode notifications', text: 'Know the moment one lands.' },
];

export function WelcomeSection() {
  return (
    <section className="welcome" aria-labelledby="welcome-title">
      <div className="welcome__inner">
        <div className="welcome__intro">
          <h2 id="welcome-title" className="welcome__title">
            Welcome to Bosphorus
          </h2>
          <p className="welcome__lead">
            The home of Turkish drama in English. Sweeping history epics, family sagas, romances and comedies, with new
            episodes every week. Create an account to keep your Favorites, pick up where you left off and hear about new
            episodes first.
          </p>
          <div className="welcome__actions">
            <Link className="btn btn--primary" to="/signin">
              {MESSAGES.loginNow}
            </Link>
            <Link className="btn btn--ghost" to="/register">
              {MESSAGES.register}
            </Link>
          </div>
        </div>
        <ul className="welcome__claims">
          {CLAIMS.map(({ Icon, title, text }) => (
            <li key={title} className="welcome__claim">
              <span className="welcome__claim-icon">
                <Icon />
              </span>
              <span>
                <strong>{title}</strong>
                <span className="welcome__claim-text">{text}</span>
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
