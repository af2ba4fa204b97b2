/** Customer settings: defaults filled in on read; PATCH validates each changed section whole. */
import {
  type CustomerSettings,
  deepMerge,
  defaultSettings,
  type FieldError,
  SETTINGS_SECTIONS,
  type SettingsPatch,
  settingsValidators,
  validateSection,
} from '@portiere/contracts';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { customers } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';

export function effectiveSettings(stored: unknown): CustomerSettings {
  return deepMerge(defaultSettings(), stored ?? {});
}

export class SettingsService {
  constructor(private readonly db: Db) {}

  async get(customerId: string) {
    const [row] = await this.db
      .select({ settings: customers.settings })
      .from(customers)
      .where(eq(customers.id, customerId));
    return { settings: effectiveSettings(row?.settings), validators: settingsValidators() };
  }

  async patch(customerId: string, patch: SettingsPatch) {
    const { settings: current } = await this.get(customerId);
    const next = { ...current };
    const errors: Record<string, FieldError> = {};
    for (const section of SETTINGS_SECTIONS) {
      if (patch[section] === undefined) continue;
      const merged = deepMerge(current[section], patch[section]);
      const sectionErrors = validateSection(section, merged);
      if (sectionErrors) Object.assign(errors, sectionErrors);
      else (next as Record<string, unknown>)[section] = merged;
    }
    // All or nothing: one bad field and nothing is saved.
    if (Object.keys(errors).length) throw new AppError(400, 'savingSettings', undefined, errors);
    await this.db.update(customers).set({ settings: next }).where(eq(customers.id, customerId));
    return { settings: next, validators: settingsValidators() };
  }
}
