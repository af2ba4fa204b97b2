/**
 * Customer settings: defaults filled in on read; a PATCH deep-merges the sections it carries,
 * validates each changed section whole and saves all or nothing. The SMS gateway token is
 * kept apart, sealed, and never answered.
 */

import {
  type CustomerSettings,
  deepMerge,
  type FieldError,
  fieldError,
  MAIL_TEMPLATE_NAMES,
  SETTINGS_SECTIONS,
  type SettingsPatch,
  SMS_API_TOKEN_FIELD,
  settingsSchema,
  settingsValidators,
  smsApiTokenSchema,
  unknownTemplateTags,
  validateSection,
} from '@portiere/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { auditDetails, changedFields } from '../../audit/context.ts';
import type { Db } from '../../db/client.ts';
import { customers, flows } from '../../db/schema/index.ts';
import type { SecretBox } from '../../lib/crypto.ts';
import { AppError } from '../../lib/errors.ts';
import { effectiveSettings } from './effective.ts';

type StoredSettings = Record<string, unknown>;

export class SettingsService {
  constructor(
    private readonly db: Db,
    private readonly box: SecretBox,
  ) {}

  async get(customerId: string) {
    const [row] = await this.db
      .select({ settings: customers.settings, sms: customers.smsApiTokenEnc })
      .from(customers)
      .where(eq(customers.id, customerId));
    return { settings: effectiveSettings(row?.settings, Boolean(row?.sms)), validators: settingsValidators() };
  }

  /** The SMS gateway token in clear, for the gateway call only ('' when none is set). */
  async smsApiToken(customerId: string): Promise<string> {
    const [row] = await this.db
      .select({ sms: customers.smsApiTokenEnc })
      .from(customers)
      .where(eq(customers.id, customerId));
    return row?.sms ? this.box.decrypt(row.sms) : '';
  }

  async patch(customerId: string, patch: SettingsPatch) {
    const { [SMS_API_TOKEN_FIELD]: smsToken, sms_api_token_set: _readOnly, ...general } = patch.general ?? {};
    const sections: SettingsPatch = { ...patch, ...(patch.general ? { general } : {}) };
    const errors: Record<string, FieldError> = unknownTagErrors(general);
    if (smsToken !== undefined && !smsApiTokenSchema.safeParse(smsToken).success) {
      errors[`general.${SMS_API_TOKEN_FIELD}`] = fieldError('maxLength', { max: 500 });
    }
    // The row is locked while it is read, merged and written, so two PATCHes of different
    // sections at once both land.
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ settings: customers.settings, sms: customers.smsApiTokenEnc })
        .from(customers)
        .where(eq(customers.id, customerId))
        .for('update');
      const current = effectiveSettings(row?.settings, Boolean(row?.sms));
      const next = { ...current } as Record<string, unknown>;
      for (const section of SETTINGS_SECTIONS) {
        if (sections[section] === undefined) continue;
        const merged = deepMerge(current[section], sections[section]);
        const sectionErrors = validateSection(section, merged);
        if (sectionErrors) Object.assign(errors, sectionErrors);
        // Parsed, so keys the schema does not know are not stored.
        else next[section] = settingsSchema.shape[section].parse(merged);
      }
      // The workstation flow is one of this customer's flows.
      const flowId = (next.workstation as CustomerSettings['workstation']).flow_id;
      if (sections.workstation?.flow_id && flowId) {
        const [own] = await tx
          .select({ id: flows.id })
          .from(flows)
          .where(and(eq(flows.id, flowId), eq(flows.customerId, customerId)));
        if (!own) errors['workstation.flow_id'] = fieldError('invalid');
      }
      if (Object.keys(errors).length) throw new AppError(400, 'savingSettings', undefined, errors);
      const sms = smsToken === undefined ? row?.sms : smsToken ? this.box.encrypt(smsToken) : null;
      const { sms_api_token_set: _set, ...storedGeneral } = next.general as CustomerSettings['general'];
      await tx
        .update(customers)
        .set({ settings: { ...next, general: storedGeneral }, smsApiTokenEnc: sms ?? null })
        .where(eq(customers.id, customerId));
      auditSettingsChange(sections, current as Record<string, unknown>, next);
      return { settings: effectiveSettings(next, Boolean(sms)), validators: settingsValidators() };
    });
  }

  /**
   * Settings written by versions before the token was sealed hold it in clear: seal it
   * into its own column and drop it from the JSON. Runs at start; a no-op once done.
   */
  async sealLegacySmsTokens(): Promise<void> {
    const legacy = await this.db
      .select({ id: customers.id, settings: customers.settings })
      .from(customers)
      .where(sql`${customers.settings} -> 'general' ->> 'sms_api_token' is not null`);
    for (const { id, settings } of legacy) {
      const { sms_api_token: token, ...general } = ((settings as StoredSettings).general ?? {}) as StoredSettings;
      await this.db
        .update(customers)
        .set({
          settings: { ...(settings as StoredSettings), general },
          ...(typeof token === 'string' && token ? { smsApiTokenEnc: this.box.encrypt(token) } : {}),
        })
        .where(eq(customers.id, id));
    }
  }
}

/**
 * Tags no mail fills, in the template texts this PATCH writes. Templates stored before these were
 * refused are not checked, so they do not bar other changes: they still send, such tags as written.
 */
function unknownTagErrors(general: Record<string, unknown>): Record<string, FieldError> {
  const errors: Record<string, FieldError> = {};
  for (const name of MAIL_TEMPLATE_NAMES) {
    const template = general[name];
    if (!template || typeof template !== 'object') continue;
    for (const [field, error] of Object.entries(unknownTemplateTags(name, template)))
      errors[`general.${name}.${field}`] = error;
  }
  return errors;
}

/** The audit record of a settings change: per section, the keys it changed (secrets never). */
function auditSettingsChange(
  sections: SettingsPatch,
  current: Record<string, unknown>,
  next: Record<string, unknown>,
): void {
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  for (const section of SETTINGS_SECTIONS) {
    if (sections[section] === undefined) continue;
    const diff = changedFields(
      (current[section] ?? {}) as Record<string, unknown>,
      (next[section] ?? {}) as Record<string, unknown>,
    );
    if (!Object.keys(diff.before).length) continue;
    before[section] = diff.before;
    after[section] = diff.after;
  }
  auditDetails({ sections: Object.keys(after), before, after });
}
