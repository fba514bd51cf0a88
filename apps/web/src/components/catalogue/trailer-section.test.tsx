// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MESSAGES } from '@bosphorus/contract';
import { TrailerSection, trailerFacadeLabel } from './trailer-section';

afterEach(cleanup);

const TRAILER = 'https://www.youtube.com/watch?v=dQw4w9WgXcQ';

describe('TrailerSection facade', () => {
  it('shows the cover with a named play button and no frame until pressed', () => {
    const { container } = render(<TrailerSection title="Ayla" trailer={TRAILER} cover="ayla-cover.webp" />);
    expect(container.querySelector('iframe')).toBeNull();
    const button = screen.getByRole('button', { name: trailerFacadeLabel('Ayla') });
    const img = button.querySelector('img')!;
    expect(img.getAttribute('src')).toBe('/uploads/ayla-cover.webp');
    expect(img.getAttribute('srcset')).toContain('/uploads/ayla-cover-640.webp 640w');
    expect(img.getAttribute('loading')).toBe('lazy');
    expect(img.getAttribute('width')).toBe('1920');
    expect(img.getAttribute('height')).toBe('1080');
  });

  it('creates the frame on a press, starting it, and keeps the focus on the section', () => {
    const { container } = render(<TrailerSection title="Ayla" trailer={TRAILER} cover="ayla-cover.webp" />);
    fireEvent.click(screen.getByRole('button', { name: trailerFacadeLabel('Ayla') }));
    const frame = container.querySelector('iframe')!;
    expect(frame.getAttribute('src')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?autoplay=1');
    expect(frame.getAttribute('title')).toBe('Ayla trailer');
    expect(screen.queryByRole('button', { name: trailerFacadeLabel('Ayla') })).toBeNull();
    expect(document.activeElement).toBe(container.querySelector('#trailer'));
  });

  it('creates the frame at once after Play Trailer (autoplay)', () => {
    const { container } = render(<TrailerSection title="Ayla" trailer={TRAILER} cover="ayla-cover.webp" autoplay />);
    expect(container.querySelector('iframe')!.getAttribute('src')).toMatch(/autoplay=1$/);
  });

  it('says the trailer is coming when the title has none', () => {
    const { container } = render(<TrailerSection title="Ayla" trailer={null} cover="ayla-cover.webp" />);
    expect(container.querySelector('iframe')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('heading', { name: MESSAGES.trailer })).toBeTruthy();
    expect(screen.getByText('Trailer coming soon')).toBeTruthy();
  });
});
