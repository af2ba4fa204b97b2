/**
 * Statements of the hottest paths, turned into SQL text once and then run with new values only.
 * drizzle builds a query's text afresh at every run, walking its builders and `sql` fragments:
 * for a sign-in attempt's two statements (a dozen columns, an insert of an audit event and two
 * throttle upserts) that was a third of the event loop's time per attempt (bench/RESULTS.md).
 * Values go in as `sql.placeholder(name)`: in an insert's values they still pass through the
 * column's mapping (a Date, a JSON object), elsewhere they reach the driver as given.
 */
import type { Query, SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

const dialect = new PgDialect();

/** Runs `statement` with `values` for its placeholders; answers the rows as `db.execute` does. */
export type Compiled<V extends Record<string, unknown>> = (db: Db, values: V) => Promise<unknown>;

/**
 * `build` makes the statement at its first run (a query builder needs a database to start
 * from). Each run hands the text to the session of `db` as it is then: a request's transaction
 * (audit/context.ts scopedDb) or the database.
 */
export function compiled<V extends Record<string, unknown>>(build: (db: Db) => SQL): Compiled<V> {
  let query: Query | undefined;
  return (db, values) => {
    query ??= dialect.sqlToQuery(build(db));
    return db._.session.prepareQuery(query, undefined, undefined, false).execute(values);
  };
}
