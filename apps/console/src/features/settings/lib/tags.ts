/** The text with `{tag}` put in place of the selection (or at the cursor), and where the cursor goes next. */
export function insertTag(
  text: string,
  tag: string,
  selection: { start: number; end: number } | null,
): { text: string; caret: number } {
  const insert = `{${tag}}`;
  const start = Math.min(Math.max(selection?.start ?? text.length, 0), text.length);
  const end = Math.min(Math.max(selection?.end ?? start, start), text.length);
  return { text: text.slice(0, start) + insert + text.slice(end), caret: start + insert.length };
}
