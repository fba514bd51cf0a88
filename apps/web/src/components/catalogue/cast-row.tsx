import { MESSAGES, type CastMember } from '@bosphorus/contract';
import { uploadUrl } from '../../lib/uploads';
import { Carousel } from '../ui/carousel';
import { Avatar } from './avatar';
import './detail.css';

// Spec §2: Top Cast (image and name). Detail-page carousels show 1, 2 or 3
// per view (§9), so each slide is a wide card (round 1:1 photo beside the
// name) rather than a giant portrait.

export function CastRow({ cast }: { cast: readonly CastMember[] }) {
  if (!cast.length) return null;
  return (
    <div id="cast" className="detail-section" tabIndex={-1}>
      <Carousel
        label={MESSAGES.topCast}
        table="detail"
        heading={<h2 className="detail-section__title">{MESSAGES.topCast}</h2>}
      >
        {cast.map((person) => (
          <figure key={person.id} className="cast-card">
            <Avatar name={person.name} src={uploadUrl(person.imageUrl)} size={96} className="cast-card__photo" />
            <figcaption className="cast-card__name">{person.name}</figcaption>
          </figure>
        ))}
      </Carousel>
    </div>
  );
}

export function CastRowSkeleton() {
  return (
    <div className="detail-section" aria-hidden="true">
      <div className="skeleton skeleton--line skeleton--heading cast-skeleton__heading" />
      <div className="cast-skeleton">
        {[0, 1, 2].map((i) => (
          <div key={i} className="cast-card">
            <div className="skeleton cast-card__photo" />
            <div className="skeleton skeleton--line cast-skeleton__name" />
          </div>
        ))}
      </div>
    </div>
  );
}
