/**
 * `Content-Disposition: attachment` for a file name from a user (RFC 6266): an ASCII `filename`
 * with anything risky replaced, for old clients, and the exact name as UTF-8 in `filename*`
 * (RFC 8187), which current browsers prefer. Quotes, backslashes and line breaks never reach
 * the header.
 */
export function attachment(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\%]/g, '_') || 'download';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
