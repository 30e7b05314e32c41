import { describe, expect, it } from 'vitest';
import { hourLabel } from './hour-label';

describe('hourLabel', () => {
  it('shows 0-23 as 12-hour labels', () => {
    expect([0, 1, 11, 12, 13, 23].map(hourLabel)).toEqual(['12 AM', '1 AM', '11 AM', '12 PM', '1 PM', '11 PM']);
  });
});
