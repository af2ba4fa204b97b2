import { Box, FormControlLabel, MenuItem, Switch, TextField } from '@mui/material';
import type { CustomerSettings } from '@portiere/contracts';
import { Controller, type Path, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

type Name = Path<CustomerSettings>;

interface FieldProps {
  name: Name;
  label: string;
  number?: boolean;
  bounds?: { min: number; max: number } | null;
  /** Select choices: value and label. */
  options?: { value: string | number; label: string }[];
  color?: boolean;
  autoFocus?: boolean;
}

/** A text, number, colour or select input bound to one settings path, with its error under it. */
export function SettingsField({ name, label, number, bounds, options, color, autoFocus }: FieldProps) {
  const { t } = useTranslation();
  const { control } = useFormContext<CustomerSettings>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => {
        const raw = field.value as unknown;
        const value = typeof raw === 'number' && Number.isNaN(raw) ? '' : ((raw as string | number | undefined) ?? '');
        const hint = bounds ? t('settings.bounds', bounds) : undefined;
        return (
          <TextField
            name={field.name}
            inputRef={field.ref}
            onBlur={field.onBlur}
            value={value}
            onChange={(e) => {
              const v = e.target.value;
              field.onChange(number ? (v === '' ? Number.NaN : Number(v)) : v);
            }}
            label={label}
            type={number ? 'number' : 'text'}
            select={Boolean(options)}
            size="small"
            fullWidth
            autoFocus={autoFocus}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error?.message ?? hint}
            slotProps={{
              htmlInput: number && bounds ? { min: bounds.min, max: bounds.max } : undefined,
              input: color
                ? {
                    startAdornment: (
                      <Box
                        aria-hidden
                        sx={{
                          width: 20,
                          height: 20,
                          mr: 1,
                          borderRadius: 0.5,
                          border: 1,
                          borderColor: 'divider',
                          bgcolor: String(value),
                          flexShrink: 0,
                        }}
                      />
                    ),
                  }
                : undefined,
            }}
          >
            {options?.map((o) => (
              <MenuItem key={String(o.value)} value={o.value}>
                {o.label}
              </MenuItem>
            ))}
          </TextField>
        );
      }}
    />
  );
}

export function SettingsSwitch({ name, label }: { name: Name; label: string }) {
  const { control } = useFormContext<CustomerSettings>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormControlLabel
          control={
            <Switch
              name={field.name}
              slotProps={{ input: { ref: field.ref } }}
              checked={Boolean(field.value)}
              onChange={(e) => field.onChange(e.target.checked)}
            />
          }
          label={label}
        />
      )}
    />
  );
}
