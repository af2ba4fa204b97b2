/**
 * LIKE and ILIKE patterns built from what someone typed: its `%`, `_` and `\` are taken as
 * written (backslash is PostgreSQL's default LIKE escape), so a search for "a_b" finds only "a_b".
 */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** A pattern matching `text` anywhere. */
export const likeOf = (text: string) => `%${escapeLike(text)}%`;
