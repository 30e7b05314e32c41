/** X ids are snowflakes: a longer decimal string is a larger number. */
export const newerId = (a: string, b: string): boolean => a.length > b.length || (a.length === b.length && a > b);
