// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { PromoBannerView, promoColorClass, promoScrollSeconds } from './promo-banner';

afterEach(cleanup);

describe('promotion banner (spec §2 Header)', () => {
  it('keeps the red or blue of the server, red by default', () => {
    expect(promoColorClass('red')).toBe('promo--red');
    expect(promoColorClass('blue')).toBe('promo--blue');
    expect(promoColorClass(null)).toBe('promo--red');
  });

  it('scrolls long texts for longer, never faster than the minimum', () => {
    expect(promoScrollSeconds('Short')).toBe(14);
    expect(promoScrollSeconds('x'.repeat(200))).toBe(44);
    expect(promoScrollSeconds('x'.repeat(300))).toBeGreaterThan(promoScrollSeconds('x'.repeat(200)));
  });

  it("sets the text's speed from script, with no style attribute in the server's HTML (the page's CSP)", () => {
    const text = 'x'.repeat(200);
    expect(renderToString(<PromoBannerView text={text} color="red" />)).not.toMatch(/ style="/);
    const { container } = render(<PromoBannerView text={text} color="red" />);
    const track = container.querySelector<HTMLElement>('.promo__track')!;
    expect(track.style.getPropertyValue('--promo-seconds')).toBe(`${promoScrollSeconds(text)}s`);
  });

  it('is a Promotion region read once, with a pause button', () => {
    render(<PromoBannerView text="New episodes every Friday" color="blue" />);
    const region = screen.getByRole('region', { name: 'Promotion' });
    expect(region.className).toContain('promo--blue');
    expect(screen.getAllByText('New episodes every Friday')).toHaveLength(2);
    expect(screen.getAllByText('New episodes every Friday')[1]!.getAttribute('aria-hidden')).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: 'Pause scrolling' }));
    expect(region.hasAttribute('data-paused')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Resume scrolling' }));
    expect(region.hasAttribute('data-paused')).toBe(false);
  });
});
