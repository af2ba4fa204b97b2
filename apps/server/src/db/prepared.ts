/**
 * drizzle asks postgres-js to prepare only the statements named with `.prepare()`: every other
 * query is parsed, analysed and planned again at each execution, which for the CTEs on the hot
 * paths (refresh grants, sign-in steps, list counts) costs PostgreSQL more than running them
 * (measured: a refresh's rotation 0.8 ms of database CPU unprepared, under 0.3 ms prepared).
 * This wraps the client so that every query with parameters is prepared. postgres-js keeps one
 * prepared statement per query text and connection, and replaces each connection within the
 * hour (its max_lifetime), which bounds the cache. Queries without parameters (migrations,
 * VACUUM, SET) keep the simple protocol, and those marked PLANNED_WITH_VALUES stay unnamed.
 */
import type { Sql } from 'postgres';

/**
 * Put in a query whose best plan depends on its values: it is not prepared, so PostgreSQL plans
 * it with them each time. A prepared statement switches to one generic plan after five runs,
 * and for a text search that plan guesses every pattern matches 0.5 % of rows: a two-letter
 * search, which matches one member in seven and has no trigram to seek, then read the whole
 * trigram index (480 ms at 1,000,000 members against 70 ms planned with its pattern).
 */
export const PLANNED_WITH_VALUES = '/* planned with its values */';

type Unsafe = (query: string, params?: unknown[], options?: Record<string, unknown>) => unknown;
type Scoped = (...args: unknown[]) => unknown;

export function preparingEveryQuery<T extends Sql>(client: T): T {
  return new Proxy(client, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (prop === 'unsafe') {
        const unsafe = value as Unsafe;
        return (query: string, params: unknown[] = [], options: Record<string, unknown> = {}) =>
          unsafe(
            query,
            params,
            params.length > 0 && !query.includes(PLANNED_WITH_VALUES) ? { ...options, prepare: true } : options,
          );
      }
      // A transaction or savepoint hands its callback a client of its own: wrapped the same way.
      if (prop === 'begin' || prop === 'savepoint') {
        const scoped = value as Scoped;
        return (...args: unknown[]) => {
          const callback = args.at(-1) as (tx: Sql) => unknown;
          return scoped(...args.slice(0, -1), (tx: Sql) => callback(preparingEveryQuery(tx)));
        };
      }
      return value;
    },
  });
}
