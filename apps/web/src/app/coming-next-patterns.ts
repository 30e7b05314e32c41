/** Signed-in routes that have no screen of their own; they show a 'coming next' panel. */
export const comingNextPatterns = [] as const;
