import type { SettingsPatch, SettingsSection } from '@portiere/contracts';

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** What changed from `before` to `after`, down to the leaves; undefined when nothing did. */
function diff(before: unknown, after: unknown): unknown {
  if (isPlainObject(after)) {
    if (!isPlainObject(before)) return after;
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(after)) {
      const d = diff(before[k], v);
      if (d !== undefined) out[k] = d;
    }
    return Object.keys(out).length ? out : undefined;
  }
  return Object.is(before, after) ? undefined : after;
}

/**
 * The PATCH for a settings form: only the sections it edits that changed and, inside them, only
 * the changed fields (the server deep-merges), so a save never overwrites what another page or
 * another operator changed meanwhile.
 */
export function changedSettings(before: object, after: object, sections: readonly SettingsSection[]): SettingsPatch {
  const patch: Record<string, unknown> = {};
  for (const section of sections) {
    const d = diff((before as Record<string, unknown>)[section], (after as Record<string, unknown>)[section]);
    if (d !== undefined) patch[section] = d;
  }
  return patch as SettingsPatch;
}
