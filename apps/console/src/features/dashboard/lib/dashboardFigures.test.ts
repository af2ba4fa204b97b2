import { describe, expect, it } from 'vitest';
import { countsToSeries, customerSlug, licensesUsedPercent } from './dashboardFigures';

describe('dashboard figures', () => {
  it('orders credential counts, leaving zeros out', () => {
    expect(countsToSeries({ sms: 3, mail: 10, totp: 0, app: 3 })).toEqual([
      { type: 'mail', count: 10 },
      { type: 'app', count: 3 },
      { type: 'sms', count: 3 },
    ]);
  });
  it('makes test ids from customer names', () => {
    expect(customerSlug('Acme')).toBe('acme');
    expect(customerSlug('Globex Corp.')).toBe('globex-corp');
    expect(customerSlug('***')).toBe('customer');
  });
  it('computes the share of licenses used', () => {
    expect(licensesUsedPercent({ total: 200, used: 50, remaining: 150, expiration: null })).toBe(25);
    expect(licensesUsedPercent({ total: 0, used: 0, remaining: 0, expiration: null })).toBe(0);
    expect(licensesUsedPercent({ total: 10, used: 12, remaining: -2, expiration: null })).toBe(100);
  });
});
