// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Review } from '@bosphorus/contract';
import { NO_REVIEWS_TEXT, ReviewsSection, averageOf } from './reviews-section';

afterEach(cleanup);

const review: Review = {
  id: 1,
  user: 'Ayşe Yılmaz',
  content: '<b>Loved it</b>\nEvery episode.',
  rating: 9,
  published: '2024-03-04T18:30:00Z',
  fk_user_id: 7,
  reviewedBy: { image_url: null },
  reviews_replies: [
    {
      id: 2,
      user_name: 'Mehmet Kaya',
      reply: 'Same here!',
      created_at: '2024-03-05T09:00:00Z',
      fk_user_id: 8,
      repliedBy: { image_url: 'avatar-mehmet.webp' },
    },
  ],
};

function renderReviews(props: Partial<Parameters<typeof ReviewsSection>[0]> = {}) {
  return render(
    <MemoryRouter>
      <ReviewsSection reviews={[review]} signedIn={false} {...props} />
    </MemoryRouter>,
  );
}

describe('ReviewsSection', () => {
  it('lists reviews with user, rating, date, text and replies', () => {
    renderReviews({ averageRating: 9 });
    expect(screen.getByRole('heading', { name: 'Reviews', level: 2 })).toBeTruthy();
    const article = screen.getByRole('article', { name: 'Ayşe Yılmaz' });
    expect(within(article).getByText('Rated', { exact: false }).parentElement!.textContent).toBe(
      'Rated 9/10 out of 10',
    );
    expect(within(article).getByText('Mar 4, 2024').getAttribute('datetime')).toBe(review.published);
    const replies = within(article).getByRole('list', { name: 'Replies to Ayşe Yılmaz' });
    expect(within(replies).getByText('Mehmet Kaya')).toBeTruthy();
    expect(within(replies).getByText('Same here!')).toBeTruthy();
    expect(within(replies).getByText('Mar 5, 2024')).toBeTruthy();
    expect(screen.getByText('1 review')).toBeTruthy();
  });

  it('renders review text as text, never as HTML', () => {
    const { container } = renderReviews();
    expect(container.querySelector('.review__text b')).toBeNull();
    expect(screen.getByText(/<b>Loved it<\/b>/)).toBeTruthy();
  });

  it('shows initials when a reviewer has no photo, and the photo otherwise', () => {
    const { container } = renderReviews();
    expect(container.querySelector('.review__avatar')!.textContent).toBe('AY');
    expect(container.querySelector('img.reply__avatar')!.getAttribute('src')).toBe('/uploads/avatar-mehmet.webp');
  });

  it('offers visitors a sign-in link instead of a form', () => {
    renderReviews({ composer: <form aria-label="Write a review" /> });
    expect(screen.getByRole('link', { name: 'Sign in to write a review' }).getAttribute('href')).toBe('/signin');
    expect(screen.queryByRole('form', { name: 'Write a review' })).toBeNull();
  });

  it('shows the form, not the sign-in link, to signed-in users', () => {
    renderReviews({ signedIn: true, composer: <form aria-label="Write a review" /> });
    expect(screen.queryByRole('link', { name: 'Sign in to write a review' })).toBeNull();
    expect(screen.getByRole('form', { name: 'Write a review' })).toBeTruthy();
  });

  it('has a designed empty state', () => {
    renderReviews({ reviews: [] });
    expect(screen.getByText(NO_REVIEWS_TEXT)).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('averages to a whole number', () => {
    expect(averageOf([{ rating: 7 }, { rating: 8 }])).toBe(8);
    expect(averageOf([])).toBeUndefined();
  });
});
