/**
 * Reading ScheduleCreated events as they were first written. The event store is append-only, so the
 * old shape stays readable for ever: evolve and the projection pass every ScheduleCreated through
 * `upcastScheduleCreated` and only ever see the current facts (ADR 0017).
 *
 * The first shape carried, besides the facts, six fields derived from them (scheduleType,
 * peakWindowType, useAI, viralStyle, conditions, scheduledTime). They were computed from the same
 * facts by the rules views.ts keeps, so dropping them loses nothing;
 * core/scheduling/legacy-events.unit.test.ts replays events captured in that shape and proves the
 * states and rows come out as they did.
 */

/** Fields the first ScheduleCreated shape carried that are now derived (views.ts). */
const DERIVED_V1 = ['scheduleType', 'peakWindowType', 'useAI', 'viralStyle', 'conditions', 'scheduledTime'] as const;

/**
 * A ScheduleCreated payload as stored: the current facts `Facts` (ScheduleCreatedData of
 * schedule.ts, which imports this file), possibly with the first shape's derived fields.
 */
export type StoredScheduleCreated<Facts extends object> = Facts & { [K in (typeof DERIVED_V1)[number]]?: unknown };

/** The facts of a stored ScheduleCreated, whichever shape it was written in. Pure; returns a new object. */
export const upcastScheduleCreated = <Facts extends object>(data: StoredScheduleCreated<Facts>): Facts => {
  const facts: Record<string, unknown> = { ...data };
  for (const key of DERIVED_V1) delete facts[key];
  return facts as Facts;
};
