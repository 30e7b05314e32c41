// The replies screens' words: the spec's (part 2 §2, §8) and Riposte's own for the queue.
export const REPLY_TEXTS = {
  empty: 'No replies match your search criteria',
  emptyHint: 'Replies show up here once a schedule runs.',
  loadFailed: (message: string) => `Failed to load replies: ${message}`,
} as const;
