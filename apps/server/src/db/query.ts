/** drizzle's query helpers, re-exported for code outside this package (bench/) that cannot resolve drizzle-orm itself. */
export { and, eq, sql } from 'drizzle-orm';
