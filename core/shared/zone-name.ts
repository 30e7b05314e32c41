import { IANAZone } from 'luxon';

/**
 * True for an IANA zone name luxon knows ('Europe/Paris', 'UTC'), false for an offset ('+02:00')
 * and junk. Newer Node releases (ICU with offset zones, Node 26) accept '+02:00' as a time zone,
 * so luxon's check alone would let an offset through there and not on Node 20; an offset has no
 * daylight-saving rules, so it never names where a user lives.
 */
export const isZoneName = (name: string): boolean => {
  const zone = name.trim();
  return zone !== '' && !/^[+-]/.test(zone) && IANAZone.isValidZone(zone);
};
