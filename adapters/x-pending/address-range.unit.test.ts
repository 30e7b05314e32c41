import { describe, expect, it } from 'vitest';
import { addressRange } from './index';

describe('addressRange', () => {
  it('groups IPv4 by /24 and IPv6 by /56, an IPv4-mapped address as its IPv4', () => {
    expect(addressRange('198.51.100.7')).toBe('198.51.100.0/24');
    expect(addressRange('198.51.100.250')).toBe(addressRange('198.51.100.1'));
    expect(addressRange('198.51.101.1')).not.toBe(addressRange('198.51.100.1'));
    expect(addressRange('::ffff:198.51.100.9')).toBe('198.51.100.0/24');
    expect(addressRange('2001:db8:1:2ff::1')).toBe('2001:db8:1:200::/56');
    expect(addressRange('2001:0db8:0001:02aa:ffff:1:2:3')).toBe(addressRange('2001:db8:1:200::'));
    expect(addressRange('2001:db8:1:300::1')).not.toBe(addressRange('2001:db8:1:200::1'));
    expect(addressRange('::1')).toBe('0:0:0:0::/56');
    expect(addressRange('fe80::1%eth0')).toBe('fe80:0:0:0::/56');
    expect(addressRange('')).toBe('');
  });
});
