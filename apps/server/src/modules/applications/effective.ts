/** What an application derived from a base application actually uses (spec 3, baseApplicationId). */

/** The settings a derived application may leave empty to take its base's. */
export interface InheritableSettings {
  redirectUri: string;
  callbackUrlSuccessfulLoginFlow: string;
  redirectUriSuccessLoginFlow: string;
  redirectUriAbortLoginFlow: string;
  defaultFlowId: string | null;
}

const INHERITED = [
  'redirectUri',
  'callbackUrlSuccessfulLoginFlow',
  'redirectUriSuccessLoginFlow',
  'redirectUriAbortLoginFlow',
  'defaultFlowId',
] as const satisfies readonly (keyof InheritableSettings)[];

/**
 * The application with each setting it leaves '' or null taken from `base`. Pass the base's own
 * effective settings when bases are chained. Identity, type and secret are never inherited.
 */
export function effectiveApplication<T extends InheritableSettings>(app: T, base: InheritableSettings | null): T {
  if (!base) return app;
  const out = { ...app };
  for (const key of INHERITED) {
    const own = app[key];
    if (own === '' || own === null) (out as InheritableSettings)[key] = base[key] as never;
  }
  return out;
}

/** How far up a chain of bases is followed (the service refuses cycles; this bounds a bad row). */
const MAX_BASES = 16;

/**
 * An application's effective settings, its chain of bases read from the database (the base's
 * own effective settings first, as effectiveApplication wants them).
 */
export async function loadEffectiveApplication<T extends InheritableSettings & { baseApplicationId: string | null }>(
  app: T,
  baseOf: (id: string) => Promise<(InheritableSettings & { baseApplicationId: string | null }) | undefined>,
): Promise<T> {
  const chain: (InheritableSettings & { baseApplicationId: string | null })[] = [];
  const seen = new Set<string>();
  for (let id = app.baseApplicationId; id && !seen.has(id) && chain.length < MAX_BASES; ) {
    seen.add(id);
    const base = await baseOf(id);
    if (!base) break;
    chain.push(base);
    id = base.baseApplicationId;
  }
  let inherited: InheritableSettings | null = null;
  for (const base of chain.reverse()) inherited = effectiveApplication(base, inherited);
  return effectiveApplication(app, inherited);
}
