import { Box, FormControlLabel, FormHelperText, MenuItem, Switch, TextField } from '@mui/material';
import { useId } from 'react';
import { Controller, type Path, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { boundsOf, choicesOf, maxLengthOf, type SettingsValues, validatorPathOf } from '../lib/settingsForm';
import { useValidators } from './settingsContext';

export type SettingsPath = Path<SettingsValues>;

interface FieldProps {
  name: SettingsPath;
  label: string;
  /** Help under the field; a function sees the current value (a duration's readable form). */
  hint?: string | ((value: unknown) => string | undefined);
  /** Labels of a select's choices (the choices themselves come from the validators). */
  optionLabel?: (value: string | number) => string;
  multiline?: boolean;
  /** Shows "used/maximum" characters under the field. */
  counter?: boolean;
  type?: 'text' | 'url';
  autoFocus?: boolean;
}

/**
 * One settings field, shaped by its validator: choices make a select, bounds a number input
 * (min/max and a "between" hint), a maximum length limits a text input. Its error shows under it.
 */
export function SettingsField({ name, label, hint, optionLabel, multiline, counter, type, autoFocus }: FieldProps) {
  const { t } = useTranslation();
  const { control } = useFormContext<SettingsValues>();
  const validators = useValidators();
  const validator = validators[validatorPathOf(name)];
  const choices = optionLabel || (validator && 'values' in validator) ? choicesOf(validators, name) : [];
  const bounds = choices.length ? null : boundsOf(validators, name);
  const maxLength = maxLengthOf(validators, name);
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const raw = field.value as unknown;
        const value = typeof raw === 'number' && Number.isNaN(raw) ? '' : ((raw as string | number | undefined) ?? '');
        const help = [
          typeof hint === 'function' ? hint(raw) : hint,
          bounds ? t('settings.bounds', bounds) : undefined,
          counter && maxLength ? t('settings.counter', { used: String(value).length, max: maxLength }) : undefined,
        ].filter(Boolean);
        return (
          <TextField
            name={field.name}
            inputRef={field.ref}
            onBlur={field.onBlur}
            value={value}
            onChange={(e) => {
              const v = e.target.value;
              field.onChange(bounds ? (v === '' ? Number.NaN : Number(v)) : v);
            }}
            label={label}
            type={bounds ? 'number' : (type ?? 'text')}
            select={choices.length > 0}
            multiline={multiline}
            minRows={multiline ? 3 : undefined}
            size="small"
            fullWidth
            autoFocus={autoFocus}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? (help.length ? help.join(' · ') : undefined)}
            slotProps={{
              htmlInput: bounds ? { min: bounds.min, max: bounds.max } : maxLength ? { maxLength } : undefined,
            }}
          >
            {choices.map((v) => (
              <MenuItem key={String(v)} value={v}>
                {optionLabel ? optionLabel(v) : String(v)}
              </MenuItem>
            ))}
          </TextField>
        );
      }}
    />
  );
}

/** An on/off setting, with its meaning under it. */
export function SettingsSwitch({ name, label, hint }: { name: SettingsPath; label: string; hint?: string }) {
  const { control } = useFormContext<SettingsValues>();
  const hintId = useId();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <Box>
          <FormControlLabel
            control={
              <Switch
                name={field.name}
                slotProps={{ input: { ref: field.ref, ...(hint ? { 'aria-describedby': hintId } : {}) } }}
                checked={Boolean(field.value)}
                onChange={(e) => field.onChange(e.target.checked)}
              />
            }
            label={label}
          />
          {hint && (
            <FormHelperText id={hintId} sx={{ ml: 6, mt: 0 }}>
              {hint}
            </FormHelperText>
          )}
        </Box>
      )}
    />
  );
}
