/**
 * Rotation: a group hands out its templates in turn (spec: "groups alternate their templates").
 *
 * `lastTemplateIndex` is the position where the next search starts (the spec's stored default 0
 * hands out the first template first). From there the first active, non-deleted template in list
 * order is chosen, wrapping around, and the cursor moves just past it. So over any run of calls as
 * long as the number of eligible templates, each eligible template comes out exactly once, and an
 * inactive or deleted template never does.
 *
 * The same function serves a group's own cursor and a schedule's (spec §3 stores one per schedule).
 */

export interface RotationSource {
  templateIds: readonly string[];
  lastTemplateIndex: number;
}

export interface RotationCandidate {
  isActive: boolean;
  deleted?: boolean;
}

export interface RotationPick {
  templateId: string;
  /** Where the pick sat in the list. */
  index: number;
  /** The cursor to store for the next call. */
  nextIndex: number;
}

/** A cursor normalised into [0, n) (0 for an empty list); tolerates stale or negative values. */
export const normaliseCursor = (cursor: number, n: number): number =>
  n === 0 || !Number.isFinite(cursor) ? 0 : ((Math.trunc(cursor) % n) + n) % n;

export const isEligible = (candidate: RotationCandidate | undefined): candidate is RotationCandidate =>
  candidate !== undefined && candidate.isActive && candidate.deleted !== true;

/**
 * The next template of the rotation, or null when no template of the list is eligible. Templates
 * missing from `templatesById` count as deleted.
 */
export const nextTemplate = (
  source: RotationSource,
  templatesById: ReadonlyMap<string, RotationCandidate>,
): RotationPick | null => {
  const n = source.templateIds.length;
  const start = normaliseCursor(source.lastTemplateIndex, n);
  for (let step = 0; step < n; step += 1) {
    const index = (start + step) % n;
    const templateId = source.templateIds[index] as string;
    if (isEligible(templatesById.get(templateId))) return { templateId, index, nextIndex: (index + 1) % n };
  }
  return null;
};

/** The cursor after inserting a template at `position`: the same template stays next. */
export const cursorAfterInsert = (cursor: number, lengthBefore: number, position: number): number => {
  if (lengthBefore === 0) return 0;
  const c = normaliseCursor(cursor, lengthBefore);
  return position <= c ? c + 1 : c;
};

/** The cursor after removing the template at `position`: the following one becomes next. */
export const cursorAfterRemove = (cursor: number, lengthBefore: number, position: number): number => {
  const c = normaliseCursor(cursor, lengthBefore);
  const lengthAfter = lengthBefore - 1;
  if (lengthAfter <= 0) return 0;
  return normaliseCursor(position < c ? c - 1 : c, lengthAfter);
};

/** The cursor after a reorder: it follows the template it pointed at. */
export const cursorAfterReorder = (cursor: number, before: readonly string[], after: readonly string[]): number => {
  if (before.length === 0) return 0;
  const pointed = before[normaliseCursor(cursor, before.length)] as string;
  const moved = after.indexOf(pointed);
  return moved < 0 ? 0 : moved;
};
