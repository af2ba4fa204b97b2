import { Alert, Button, Stack } from '@mui/material';
import { LOGO_KINDS, type LogoKind } from '@portiere/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { askConfirmation } from '../../../../components/dialogs/ConfirmDialog';
import { type LogoFiles, useSaveSettings, useUploadLogos } from '../../api/settingsApi';
import { type ChosenLogo, chooseLogo } from '../../lib/logoFile';
import { SettingsCard } from '../SettingsCard';
import { LogoPicker } from './LogoPicker';

export type ChosenLogos = Record<LogoKind, ChosenLogo | null>;

interface Props {
  customerId: string;
  saved: Record<LogoKind, string>;
  chosen: ChosenLogos;
  onChosen: (kind: LogoKind, chosen: ChosenLogo | null) => void;
}

const URL_FIELD = { logo: 'logo_url', named_logo: 'named_logo_url' } as const;

/**
 * The logo and the named logo: chosen files are checked in the browser and shown in the preview,
 * then uploaded together (multipart); a saved logo can be removed.
 */
export function LogoCard({ customerId, saved, chosen, onChosen }: Props) {
  const { t } = useTranslation();
  const [serverErrors, setServerErrors] = useState<Partial<Record<LogoKind, string>>>({});
  const upload = useUploadLogos(customerId, {
    success: (t) => t('success.imagesUploaded'),
    onFieldErrors: setServerErrors,
    onSuccess: () => {
      for (const kind of LOGO_KINDS) onChosen(kind, null);
    },
  });
  const removal = useSaveSettings(customerId, {
    success: (t) => t('settings.customization.logoRemoved'),
    message: (t) => t('error.savingSettings'),
  });

  const choose = async (kind: LogoKind, file: File | null) => {
    setServerErrors((e) => ({ ...e, [kind]: undefined }));
    onChosen(kind, file ? await chooseLogo(kind, file) : null);
  };
  const files: LogoFiles = {};
  for (const kind of LOGO_KINDS) if (chosen[kind]) files[kind] = chosen[kind].file;
  const anyChosen = Object.keys(files).length > 0;
  const anyRefused = LOGO_KINDS.some((k) => chosen[k]?.error);

  return (
    <SettingsCard title={t('settings.customization.logosTitle')} intro={t('settings.customization.logosIntro')}>
      {LOGO_KINDS.map((kind) => (
        <LogoPicker
          key={kind}
          kind={kind}
          savedUrl={saved[kind]}
          chosen={chosen[kind]}
          serverError={serverErrors[kind]}
          onChoose={(file) => void choose(kind, file)}
          onRemove={() =>
            askConfirmation({
              kind: 'remove',
              name: t(`settings.customization.logos.${kind}`),
              onConfirm: () => removal.run({ general: { [URL_FIELD[kind]]: '' } }),
            })
          }
        />
      ))}
      {anyRefused && <Alert severity="warning">{t('settings.customization.fixBeforeUpload')}</Alert>}
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        {/* Nothing chosen: nothing to send, so no call is made. */}
        <Button
          variant="outlined"
          disabled={!anyChosen || anyRefused || upload.isPending}
          onClick={() => void upload.run(files)}
        >
          {t('settings.customization.upload')}
        </Button>
      </Stack>
    </SettingsCard>
  );
}
