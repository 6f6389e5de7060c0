type Resolver<T> = (match: RegExpExecArray) => Promise<T | null> | T | null;

/** What features add to the pages they own (their meta tags, their first screen's data), by path. */
export interface PageRegistry<T> {
  register(pattern: RegExp, resolve: Resolver<T>): void;
  resolve(pathname: string): Promise<T | null>;
}

/** Patterns are tried in the order registered; a resolver that finds nothing (null) passes to the next. */
export const createPageRegistry = <T>(): PageRegistry<T> => {
  const entries: { pattern: RegExp; resolve: Resolver<T> }[] = [];
  return {
    register: (pattern, resolve) => {
      entries.push({ pattern, resolve });
    },
    resolve: async (pathname) => {
      for (const entry of entries) {
        const match = entry.pattern.exec(pathname);
        const found = match ? await entry.resolve(match) : null;
        if (found) return found;
      }
      return null;
    },
  };
};
