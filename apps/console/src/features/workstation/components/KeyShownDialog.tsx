import { Typography } from '@mui/material';
import { WORKSTATION_KEY_HEADER, WORKSTATION_MACHINE_HEADER, type WorkstationKeyCreated } from '@portiere/contracts';
import { useTranslation } from 'react-i18next';
import { dialogName } from '../../../components/dialogs/dialogRegistry';
import { SecretOnceDialog } from '../../../components/dialogs/SecretOnceDialog';

/** Opens with the issued key: the only time it is seen. */
export const KEY_SHOWN_DIALOG = dialogName<WorkstationKeyCreated>('workstation-key-shown');

/** The new workstation key, what the workstation sends it in, and (fleet keys) how a machine names itself. */
export function KeyShownDialog() {
  const { t } = useTranslation();
  return (
    <SecretOnceDialog
      dialog={KEY_SHOWN_DIALOG}
      secretOf={(key) => key.key}
      testId="workstation-key"
      texts={(key) => ({
        title: t('workstation.keys.shown.title', { name: key?.name ?? '' }),
        label: t('workstation.keys.shown.key'),
        copy: t('workstation.keys.shown.copy'),
        onlyOnce: t('workstation.keys.shown.onlyOnce'),
        copiedQuestion: t('workstation.keys.shown.copiedQuestion'),
      })}
    >
      {(key) => (
        <Typography variant="body2">
          {key.machine
            ? t('workstation.keys.shown.usageMachine', { header: WORKSTATION_KEY_HEADER, machine: key.machine })
            : t('workstation.keys.shown.usageFleet', {
                header: WORKSTATION_KEY_HEADER,
                machineHeader: WORKSTATION_MACHINE_HEADER,
              })}
        </Typography>
      )}
    </SecretOnceDialog>
  );
}
