import { describe, expect, it } from 'vitest';
import type { Package } from '@bosphorus/contract';
import { bestValuePlanId, monthsOf } from './plan-value';

const plan = (id: number, amount_minor: number, duration: number, type: Package['type']): Package => ({
  id,
  title: `Plan ${id}`,
  amount: Math.round(amount_minor / 100),
  amount_minor,
  currency: 'usd',
  duration,
  type,
});

describe('bestValuePlanId', () => {
  it('picks the strictly cheapest plan per month', () => {
    expect(monthsOf({ duration: 2, type: 'yearly' })).toBe(24);
    expect(monthsOf({ duration: 3, type: 'monthly' })).toBe(3);
    expect(monthsOf({ duration: 7, type: 'days' })).toBeCloseTo(0.23, 2);
    expect(bestValuePlanId([plan(1, 299, 7, 'days'), plan(2, 999, 1, 'monthly'), plan(3, 9599, 1, 'yearly')])).toBe(3);
    // A yearly plan dearer than twelve months is no "best value".
    expect(bestValuePlanId([plan(2, 999, 1, 'monthly'), plan(3, 12999, 1, 'yearly')])).toBe(2);
  });

  it('claims nothing for a single plan or a tie', () => {
    expect(bestValuePlanId([plan(2, 999, 1, 'monthly')])).toBeNull();
    expect(bestValuePlanId([plan(2, 1000, 1, 'monthly'), plan(3, 12000, 1, 'yearly')])).toBeNull();
  });
});
