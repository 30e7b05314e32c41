/**
 * Ids bound as one JSON array (`id IN (SELECT value FROM json_each(?))`), so a batched lookup binds
 * one parameter however many ids it asks for, and each distinct id once.
 */
export const idList = (ids: readonly string[]): string => JSON.stringify([...new Set(ids)]);
