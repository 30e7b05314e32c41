/** The queue of replies the user posts from X's own composer. */
export const READY_PATH = '/ready-to-send';
