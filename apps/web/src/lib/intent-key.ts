// The Idempotency-Key of what the user means to create (docs/adr/0012-idempotency-keys.md). A
// form sends one key for one fill: the same while the payload stays the same and has not been
// saved, so a double click, a second press after a timeout or a retry after a dropped connection
// creates one resource, and the server answers the copies with the first answer. A changed
// payload is a new intent (a new key); so is the same payload again once the first was saved.
interface Intent {
  payload: string;
  key: string;
}

export interface IntentKeys {
  /** The key for sending `payload` to `route`: the current one while the payload is unchanged. */
  keyFor(route: string, payload: unknown): string;
  /** The intent behind `key` is done (saved, or refused for good): the next send gets a new key. */
  done(route: string, key: string): void;
}

export const createIntentKeys = (newKey: () => string): IntentKeys => {
  const intents = new Map<string, Intent>();
  return {
    keyFor(route, payload) {
      const serialised = JSON.stringify(payload) ?? 'null';
      const current = intents.get(route);
      if (current !== undefined && current.payload === serialised) return current.key;
      const key = newKey();
      intents.set(route, { payload: serialised, key });
      return key;
    },
    done(route, key) {
      // A later intent (another payload sent meanwhile) keeps its key.
      if (intents.get(route)?.key === key) intents.delete(route);
    },
  };
};
