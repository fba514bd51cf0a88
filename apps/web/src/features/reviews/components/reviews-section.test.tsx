// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { REVIEW_TEXTS, type Review } from '@bosphorus/contract';
import { mockFetch, type FetchCall } from '../../../test/fetch';
import { renderWithProviders } from '../../../test/render';
import { signIn } from '../../../test/session';
import { clearToasts, Toaster } from '../../../components/ui/toast';
import { NO_REVIEWS_TEXT, ReviewsSection, averageOf, episodeLabelsOf, signInHref } from './reviews-section';

const ME = 7;

const review: Review = {
  id: 1,
  user: 'Ayşe Yılmaz',
  content: '<b>Loved it</b>\nEvery episode.',
  rating: 9,
  published: '2024-03-04T18:30:00Z',
  fk_user_id: ME,
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
  spoiler: false,
  episode_id: null,
};

const other: Review = {
  ...review,
  id: 3,
  user: 'Can Demir',
  content: 'The twist: he was the father all along.',
  fk_user_id: 9,
  spoiler: true,
  reviews_replies: [
    {
      id: 4,
      user_name: 'Ayşe Yılmaz',
      reply: 'No way!',
      created_at: '2024-03-06T09:00:00Z',
      fk_user_id: ME,
      repliedBy: { image_url: null },
    },
  ],
};

let calls: FetchCall[];
let answer: (call: FetchCall) => { status: number; body: unknown };

beforeEach(() => {
  localStorage.clear();
  answer = () => ({ status: 200, body: { message: 'ok', body: {} } });
  const fetchMock = mockFetch((call) => answer(call));
  calls = fetchMock.calls;
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  cleanup();
  act(() => clearToasts());
  vi.unstubAllGlobals();
});

const signInAsMe = () =>
  signIn({ user_id: ME, user_name: 'Ayşe Yılmaz', user_status: '1' }, 'header.payload.signature');

function renderReviews(props: Partial<Parameters<typeof ReviewsSection>[0]> = {}, path = '/moviedetail/5') {
  return renderWithProviders(
    <>
      <ReviewsSection kind="movie" titleId={5} reviews={[review]} {...props} />
      <Toaster />
    </>,
    { url: path },
  );
}

describe('ReviewsSection: reading', () => {
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

  it('renders review and reply text as text, never as HTML', () => {
    const markup = '<img src=x onerror=alert(1)>';
    const { container } = renderReviews({
      reviews: [{ ...review, content: markup, reviews_replies: [{ ...review.reviews_replies[0]!, reply: markup }] }],
    });
    expect(container.querySelector('.review__text img, .reply__text img')).toBeNull();
    expect(screen.getAllByText(markup)).toHaveLength(2);
  });

  it('shows initials when a reviewer has no photo, and the photo otherwise', () => {
    const { container } = renderReviews();
    expect(container.querySelector('.review__avatar')!.textContent).toBe('AY');
    expect(container.querySelector('img.reply__avatar')!.getAttribute('src')).toBe('/uploads/avatar-mehmet.webp');
  });

  it('offers visitors a sign-in link that comes back to the title, and no form, reply or delete', () => {
    renderReviews({ reviews: [review, other] }, '/moviedetail/5?x=1');
    const link = screen.getByRole('link', { name: REVIEW_TEXTS.signInToReview });
    expect(link.getAttribute('href')).toBe(signInHref('/moviedetail/5', '?x=1'));
    expect(link.getAttribute('href')).toBe(`/signin?next=${encodeURIComponent('/moviedetail/5?x=1#reviews')}`);
    expect(screen.queryByRole('form', { name: REVIEW_TEXTS.writeReview })).toBeNull();
    expect(screen.queryByRole('button', { name: /Reply/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('hides a spoiler until "Contains spoilers — show" is clicked', () => {
    renderReviews({ reviews: [other] });
    expect(screen.queryByText(other.content)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Contains spoilers — show' }));
    expect(screen.getByText(other.content)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Contains spoilers — show' })).toBeNull();
  });

  it('has a designed empty state', () => {
    renderReviews({ reviews: [] });
    expect(screen.getByText(NO_REVIEWS_TEXT)).toBeTruthy();
  });

  it('groups episode reviews under their episode on a series page', () => {
    const seasons = [
      {
        title: 'Season 1',
        episodes: [
          { episode_id: 41, episode_number: 1, episode_title: 'Pilot' },
          { episode_id: 42, episode_number: 2, episode_title: 'The Return' },
        ],
      },
    ];
    renderReviews({
      kind: 'series',
      reviews: [{ ...other, id: 10, episode_id: 42, spoiler: false, content: 'About episode two' }, review],
      episodes: episodeLabelsOf(seasons),
    });
    const group = screen.getByRole('list', { name: 'Season 1 · Episode 2: The Return' });
    expect(within(group).getByText('About episode two')).toBeTruthy();
    expect(within(group).queryByText(/Every episode/)).toBeNull();
    expect(screen.queryByRole('list', { name: 'Season 1 · Episode 1: Pilot' })).toBeNull();
    expect(screen.getByRole('heading', { name: REVIEW_TEXTS.episodeReviews })).toBeTruthy();
  });

  it("shows only that episode's reviews on the episode player, with their own average", () => {
    renderReviews({
      kind: 'series',
      episodeId: 42,
      reviews: [{ ...review, id: 10, episode_id: 42, rating: 4 }, { ...review, id: 11, episode_id: 43 }, review],
    });
    expect(screen.getAllByRole('article')).toHaveLength(1);
    expect(screen.getByText('Average rating', { exact: false }).parentElement!.textContent).toContain('4/10');
  });

  it('rounds the average like the server (spec §9)', () => {
    expect(averageOf([{ rating: 7 }, { rating: 8 }])).toBe(8);
    expect(averageOf([])).toBeUndefined();
  });
});

describe('ReviewsSection: writing', () => {
  beforeEach(signInAsMe);

  it('posts a review with a 1–10 star radio group, text and the spoiler flag, then says so and clears', async () => {
    answer = (call) =>
      call.path === '/movies/5/review'
        ? { status: 200, body: { message: REVIEW_TEXTS.reviewAdded, body: { review } } }
        : { status: 200, body: { body: {} } };
    renderReviews();
    const form = screen.getByRole('form', { name: REVIEW_TEXTS.writeReview });
    expect(screen.queryByRole('link', { name: REVIEW_TEXTS.signInToReview })).toBeNull();
    const group = within(form).getByRole('group', { name: REVIEW_TEXTS.yourRating });
    expect(within(group).getAllByRole('radio')).toHaveLength(10);
    fireEvent.click(within(group).getByRole('radio', { name: '8 stars' }));
    const text = within(form).getByRole('textbox', { name: REVIEW_TEXTS.reviewLabel });
    fireEvent.input(text, { target: { value: '  <i>Wonderful</i>  ' } });
    fireEvent.click(within(form).getByRole('checkbox', { name: REVIEW_TEXTS.containsSpoilers }));
    fireEvent.click(within(form).getByRole('button', { name: REVIEW_TEXTS.postReview }));
    expect(await screen.findByText(REVIEW_TEXTS.reviewAdded)).toBeTruthy();
    const post = calls.find((c) => c.path === '/movies/5/review')!;
    expect(post.method).toBe('POST');
    expect(Object.fromEntries(post.form)).toEqual({
      content: '  <i>Wonderful</i>  ',
      rating: '8',
      fk_user_id: String(ME),
      spoiler: '1',
    });
    // The detail answer is fetched anew, and the form is empty again.
    await waitFor(() => expect((text as HTMLTextAreaElement).value).toBe(''));
    expect((within(group).getByRole('radio', { name: '8 stars' }) as HTMLInputElement).checked).toBe(false);
  });

  it('asks for a rating and for text before posting, and shows the server error on failure', async () => {
    answer = () => ({ status: 429, body: { error: 'Too many requests. Please slow down and try again shortly.' } });
    renderReviews();
    const form = screen.getByRole('form', { name: REVIEW_TEXTS.writeReview });
    fireEvent.click(within(form).getByRole('button', { name: REVIEW_TEXTS.postReview }));
    expect(within(form).getByRole('alert').textContent).toBe(REVIEW_TEXTS.ratingRequired);
    fireEvent.click(within(form).getByRole('radio', { name: '1 star' }));
    fireEvent.click(within(form).getByRole('button', { name: REVIEW_TEXTS.postReview }));
    expect(within(form).getByRole('alert').textContent).toBe(REVIEW_TEXTS.textRequired);
    expect(calls).toHaveLength(0);
    fireEvent.input(within(form).getByRole('textbox'), { target: { value: 'Fine' } });
    fireEvent.click(within(form).getByRole('button', { name: REVIEW_TEXTS.postReview }));
    expect(await screen.findByText('Too many requests. Please slow down and try again shortly.')).toBeTruthy();
    expect((within(form).getByRole('textbox') as HTMLTextAreaElement).value).toBe('Fine');
  });

  it('keeps one reply box open at a time; Cancel closes it; a successful reply clears it', async () => {
    answer = () => ({ status: 200, body: { message: REVIEW_TEXTS.replyAdded, body: { reply: {} } } });
    renderReviews({ reviews: [review, other] });
    fireEvent.click(screen.getByRole('button', { name: REVIEW_TEXTS.replyLabel('Ayşe Yılmaz') }));
    expect(screen.getAllByRole('textbox', { name: /Reply to/ })).toHaveLength(1);
    fireEvent.click(screen.getByRole('button', { name: REVIEW_TEXTS.replyLabel('Can Demir') }));
    const boxes = screen.getAllByRole('textbox', { name: /Reply to/ });
    expect(boxes).toHaveLength(1);
    expect(boxes[0]!.getAttribute('id')).toBeTruthy();
    expect(screen.getByRole('textbox', { name: REVIEW_TEXTS.replyLabel('Can Demir') })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: REVIEW_TEXTS.cancel }));
    expect(screen.queryByRole('textbox', { name: /Reply to/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: REVIEW_TEXTS.replyLabel('Can Demir') }));
    fireEvent.input(screen.getByRole('textbox', { name: REVIEW_TEXTS.replyLabel('Can Demir') }), {
      target: { value: 'Agreed' },
    });
    fireEvent.click(screen.getByRole('button', { name: REVIEW_TEXTS.postReply }));
    await waitFor(() => expect(screen.queryByRole('textbox', { name: /Reply to/ })).toBeNull());
    const post = calls.find((c) => c.path === '/movies/5/review/reply/3')!;
    expect(Object.fromEntries(post.form)).toEqual({ reply: 'Agreed', fk_user_id: String(ME) });
  });

  it('shows Delete only on the signed-in author’s reviews and replies, and deletes through the spec paths', async () => {
    renderReviews({ reviews: [review, other] });
    const mine = screen.getByRole('article', { name: 'Ayşe Yılmaz' });
    const theirs = screen.getByRole('article', { name: 'Can Demir' });
    expect(within(theirs).queryByRole('button', { name: REVIEW_TEXTS.deleteReview })).toBeNull();
    // Mehmet's reply under my review: not mine to delete.
    expect(within(mine).queryByRole('button', { name: REVIEW_TEXTS.deleteReply })).toBeNull();
    // Each delete asks first (decision 0077); Cancel is focused and deletes nothing.
    fireEvent.click(within(theirs).getByRole('button', { name: REVIEW_TEXTS.deleteReply }));
    const askReply = screen.getByRole('dialog', { name: REVIEW_TEXTS.confirmDeleteReplyTitle });
    expect(document.activeElement).toBe(within(askReply).getByRole('button', { name: REVIEW_TEXTS.cancel }));
    fireEvent.click(within(askReply).getByRole('button', { name: REVIEW_TEXTS.cancel }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((c) => c.path.endsWith('/delete'))).toEqual([]);
    fireEvent.click(within(theirs).getByRole('button', { name: REVIEW_TEXTS.deleteReply }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: REVIEW_TEXTS.confirmDeleteReplyTitle })).getByRole('button', {
        name: REVIEW_TEXTS.delete,
      }),
    );
    expect(await screen.findByText(REVIEW_TEXTS.replyDeleted)).toBeTruthy();
    fireEvent.click(within(mine).getByRole('button', { name: REVIEW_TEXTS.deleteReview }));
    const askReview = screen.getByRole('dialog', { name: REVIEW_TEXTS.confirmDeleteReviewTitle });
    expect(askReview.textContent).toContain(REVIEW_TEXTS.confirmDeleteReviewText);
    fireEvent.click(within(askReview).getByRole('button', { name: REVIEW_TEXTS.delete }));
    expect(await screen.findByText(REVIEW_TEXTS.reviewDeleted)).toBeTruthy();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(
      expect.arrayContaining(['POST /movies/5/review/reply/4/delete', 'POST /movies/5/review/1/delete']),
    );
  });
});
