import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { Box, IconButton, Stack, TextField, Tooltip } from '@mui/material';
import { type BrandingColor, defaultSettings } from '@portiere/contracts';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { normalizeHex } from '../../lib/colors';
import type { SettingsValues } from '../../lib/settingsForm';

const HEX = /^#[0-9a-f]{6}$/i;

/** A colour: the browser's picker beside its hex value, and a reset to the spec's default. */
export function ColorField({ name, label }: { name: BrandingColor; label: string }) {
  const { t } = useTranslation();
  const { control } = useFormContext<SettingsValues>();
  const fallback = defaultSettings().general[name];
  return (
    <Controller
      name={`general.${name}`}
      control={control}
      render={({ field, fieldState }) => {
        const value = String(field.value ?? '');
        const reset = t('settings.customization.resetColor', { name: label, color: fallback });
        return (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <Box
              component="input"
              type="color"
              aria-label={t('settings.customization.pickColor', { name: label })}
              data-testid={`color-picker-${name}`}
              // The picker only speaks lowercase #rrggbb; an unfinished hex value shows black meanwhile.
              value={HEX.test(value) ? value.toLowerCase() : '#000000'}
              onChange={(e: React.ChangeEvent<HTMLInputElement>) => field.onChange(normalizeHex(e.target.value))}
              sx={{
                flexShrink: 0,
                width: 40,
                height: 40,
                p: 0.25,
                border: 1,
                borderColor: 'divider',
                borderRadius: 1,
                bgcolor: 'background.paper',
                cursor: 'pointer',
              }}
            />
            <TextField
              name={field.name}
              inputRef={field.ref}
              value={value}
              onChange={(e) => field.onChange(e.target.value)}
              onBlur={() => {
                field.onChange(normalizeHex(value.trim()));
                field.onBlur();
              }}
              label={label}
              size="small"
              fullWidth
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? t('settings.customization.colorDefault', { color: fallback })}
              slotProps={{ htmlInput: { maxLength: 7, spellCheck: false } }}
            />
            <Tooltip title={reset}>
              <span>
                <IconButton
                  aria-label={reset}
                  disabled={value.toUpperCase() === fallback}
                  onClick={() => field.onChange(fallback)}
                >
                  <RestartAltIcon />
                </IconButton>
              </span>
            </Tooltip>
          </Stack>
        );
      }}
    />
  );
}
