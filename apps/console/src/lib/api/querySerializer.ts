/**
 * The query string of every call: empty values left out, lists comma-separated (the document's
 * style form, explode false: the only arrays in the API's queries), booleans and numbers as text.
 */
export function querySerializer(query: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      if (value.length) params.append(name, value.join(','));
    } else params.append(name, String(value));
  }
  return params.toString();
}
