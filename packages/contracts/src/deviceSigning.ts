/**
 * What a device signs (device.ts): kept apart from the schemas, without zod, so that the
 * members' app imports it by path (`@portiere/contracts/deviceSigning`) and signs exactly what
 * the server checks, with nothing else of the contracts in its bundle.
 */

/** JSON with sorted keys, so that the app and the server sign and check the same bytes. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What a device signs: the call and everything it sends but the proof itself. */
export function deviceSigningInput(method: string, path: string, signedAt: number, payload: object): string {
  return `${method.toUpperCase()} ${path}\n${signedAt}\n${stableJson(payload)}`;
}
