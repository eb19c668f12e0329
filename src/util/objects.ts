// Small helpers for plain data objects.

/** The object without its undefined fields, so it compares and serialises without holes. */
export function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}
