import UploadFileIcon from '@mui/icons-material/UploadFile';
import { Box, Button, FormHelperText, Stack, Typography } from '@mui/material';
import { LOGO_MAX_BYTES, LOGO_MEDIA_TYPES, LOGO_RULES, type LogoKind } from '@portiere/contracts';
import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorMessage } from '../../../../lib/i18n/fieldError';
import type { ChosenLogo } from '../../lib/logoFile';

interface Props {
  kind: LogoKind;
  /** The logo now in the settings ('' for none). */
  savedUrl: string;
  chosen: ChosenLogo | null;
  /** The server's refusal of this file at the last upload. */
  serverError?: string;
  onChoose: (file: File | null) => void;
  onRemove: () => void;
}

/** One logo: its rules, the saved image with Remove, and a file picker whose choice is checked at once. */
export function LogoPicker({ kind, savedUrl, chosen, serverError, onChoose, onRemove }: Props) {
  const { t } = useTranslation();
  const messageId = useId();
  const input = useRef<HTMLInputElement>(null);
  const name = t(`settings.customization.logos.${kind}`);
  const side = (s: 'width' | 'height') => {
    const rule: { max: number } | { exact: number } = LOGO_RULES[kind][s];
    return 'exact' in rule
      ? t(`settings.customization.rules.${s}Exact`, { px: rule.exact })
      : t(`settings.customization.rules.${s}Max`, { px: rule.max });
  };
  const rules = [
    t('settings.customization.rules.types', { max: LOGO_MAX_BYTES / 1024 }),
    side('width'),
    side('height'),
  ].join(' · ');
  const error = serverError ?? (chosen?.error ? fieldErrorMessage(t, chosen.error) : undefined);
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} data-testid={`logo-picker-${kind}`}>
      <Typography component="legend" variant="subtitle2" sx={{ p: 0 }}>
        {name}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {rules}
      </Typography>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        {savedUrl ? (
          <Box
            component="img"
            src={savedUrl}
            alt={t('settings.customization.savedLogo', { name })}
            data-testid={`saved-${kind}`}
            sx={{ maxHeight: 48, maxWidth: 160, border: 1, borderColor: 'divider', borderRadius: 1, p: 0.5 }}
          />
        ) : (
          <Typography variant="body2">{t('settings.customization.noLogo')}</Typography>
        )}
        <Button variant="outlined" size="small" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()}>
          {t('settings.customization.chooseFile')}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          accept={LOGO_MEDIA_TYPES.join(',')}
          aria-label={t('settings.customization.fileOf', { name })}
          aria-describedby={error ? messageId : undefined}
          onChange={(e) => {
            onChoose(e.target.files?.[0] ?? null);
            // The same file chosen again after a fix must be checked again.
            e.target.value = '';
          }}
        />
        {chosen && (
          <Button size="small" onClick={() => onChoose(null)}>
            {t('settings.customization.clearChoice')}
          </Button>
        )}
        {savedUrl && (
          <Button size="small" color="error" aria-haspopup="dialog" onClick={onRemove}>
            {t('settings.customization.removeLogo')}
          </Button>
        )}
      </Stack>
      {chosen && (
        <Typography variant="body2" sx={{ mt: 1 }} data-testid={`chosen-${kind}`}>
          {chosen.width !== null && chosen.height !== null
            ? t('settings.customization.chosenSized', {
                file: chosen.file.name,
                width: chosen.width,
                height: chosen.height,
              })
            : t('settings.customization.chosen', { file: chosen.file.name })}
        </Typography>
      )}
      {error && (
        <FormHelperText error id={messageId} role="alert" sx={{ mx: 0 }}>
          {error}
        </FormHelperText>
      )}
    </Box>
  );
}
