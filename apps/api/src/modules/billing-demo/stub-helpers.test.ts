import { describe, expect, it } from 'vitest';
import { addInterval, nestForm } from './stripe-stub.js';
import { rawWebhookEvent } from './paypal-stub.js';
import { minorOf, paypalValue } from '../billing/providers/paypal.provider.js';

// The small pure parts the payment code and its stubs stand on.

const unix = (iso: string) => Date.parse(iso) / 1000;

describe('addInterval (the stub bills by calendar, as Stripe does)', () => {
  it('adds months and years, keeping the day or the month end', () => {
    expect(addInterval(unix('2026-01-31T10:00:00Z'), 'month', 1)).toBe(unix('2026-02-28T10:00:00Z'));
    expect(addInterval(unix('2028-01-31T10:00:00Z'), 'month', 1)).toBe(unix('2028-02-29T10:00:00Z'));
    expect(addInterval(unix('2026-11-23T00:00:00Z'), 'month', 1)).toBe(unix('2026-12-23T00:00:00Z'));
    expect(addInterval(unix('2026-12-15T00:00:00Z'), 'month', 3)).toBe(unix('2027-03-15T00:00:00Z'));
    expect(addInterval(unix('2028-02-29T00:00:00Z'), 'year', 1)).toBe(unix('2029-02-28T00:00:00Z'));
    expect(addInterval(unix('2026-01-01T00:00:00Z'), 'day', 7)).toBe(unix('2026-01-08T00:00:00Z'));
  });
});

describe('nestForm (Stripe form bodies)', () => {
  it('nests bracketed keys and lists', () => {
    expect(
      nestForm({
        mode: 'payment',
        'line_items[0][quantity]': '1',
        'line_items[0][price_data][currency]': 'usd',
        'metadata[user_id]': '7',
      }),
    ).toEqual({
      mode: 'payment',
      line_items: { 0: { quantity: '1', price_data: { currency: 'usd' } } },
      metadata: { user_id: '7' },
    });
  });

  it('never writes to prototypes', () => {
    const nested = nestForm({ '__proto__[polluted]': 'yes', 'a[constructor][prototype][x]': '1' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype.hasOwnProperty.call(Object.prototype, 'x')).toBe(false);
    expect(nested).toEqual({});
  });
});

describe('PayPal amounts', () => {
  it('writes minor units as PayPal does and reads them back exactly', () => {
    expect(paypalValue(900)).toBe('9.00');
    expect(paypalValue(9000)).toBe('90.00');
    expect(paypalValue(305)).toBe('3.05');
    expect(minorOf('9.00')).toBe(900);
    expect(minorOf('9')).toBe(900);
    expect(minorOf('9.5')).toBe(950);
    expect(minorOf('0.01')).toBe(1);
    for (const bad of ['9.001', '-9.00', '9,00', '', '1e3', ' 9.00', undefined]) expect(minorOf(bad)).toBeNull();
  });

  it('finds the raw event in a verification request, bytes unchanged', () => {
    const event = '{\n "id": "WH-1",\n "amount": 1.0\n}';
    const body = `{"auth_algo":"SHA256withRSA","webhook_id":"WH","webhook_event":${event}}`;
    expect(rawWebhookEvent(body)).toBe(event);
    expect(rawWebhookEvent('{"auth_algo":"x"}')).toBeNull();
  });
});
