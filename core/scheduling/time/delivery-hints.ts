/**
 * The delivery-time hint of the schedule dialog (spec part 2 §9), read at the scheduled local time.
 *
 * The spec's ranges overlap on weekend nights and weekend peaks. Precedence (ADR 0009):
 *   1. overnight 01:00-05:59, any day: the biggest delay, with its cause;
 *   2. weekend (Saturday, Sunday): outranks the peak promise, which would be wrong then;
 *   3. peak 07:00-10:59 and 16:00-19:59;
 *   4. otherwise.
 */
import { isoWeekdayOf, localAt, requireZone, toMs, type InstantInput } from './wall-clock';

export type DeliveryHintKind = 'overnight' | 'weekend' | 'peak' | 'normal';

export const DELIVERY_HINTS: Readonly<Record<DeliveryHintKind, string>> = {
  overnight: 'May be delayed — Riposte checks less often overnight',
  weekend: 'Weekend scheduling — reply may go out with slight delay',
  peak: 'Likely within 5–10 minutes (Peak Hours)',
  normal: 'Likely within 10-15 minutes',
};

export interface DeliveryHint {
  kind: DeliveryHintKind;
  text: string;
}

/** The hint for a local weekday (ISO 1-7) and hour (0-23). */
export const deliveryHintKind = (isoWeekday: number, hour: number): DeliveryHintKind => {
  if (hour >= 1 && hour <= 5) return 'overnight';
  if (isoWeekday === 6 || isoWeekday === 7) return 'weekend';
  if ((hour >= 7 && hour <= 10) || (hour >= 16 && hour <= 19)) return 'peak';
  return 'normal';
};

/** The hint for a reply scheduled at `at`, read in the user's zone. */
export const deliveryHint = (at: InstantInput, zone: string): DeliveryHint => {
  const local = localAt(toMs(at, 'scheduledTime'), requireZone(zone));
  const kind = deliveryHintKind(isoWeekdayOf(local), local.hour);
  return { kind, text: DELIVERY_HINTS[kind] };
};
