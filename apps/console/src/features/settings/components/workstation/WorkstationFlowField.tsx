import { MenuItem, TextField } from '@mui/material';
import { Controller, useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useFlowChoices } from '../../api/settingsApi';
import type { SettingsValues } from '../../lib/settingsForm';

/** None: the value the form keeps for "no flow" (the setting is null). */
const NONE = '';

/** The flow members walk at a workstation: one of the customer's flows, or none (workstations sign nobody in). */
export function WorkstationFlowField() {
  const { t } = useTranslation();
  const { control } = useFormContext<SettingsValues>();
  const flows = useFlowChoices();
  return (
    <Controller
      name="workstation.flow_id"
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          select
          name={field.name}
          inputRef={field.ref}
          onBlur={field.onBlur}
          value={flows.data ? (field.value ?? NONE) : NONE}
          onChange={(e) => field.onChange(e.target.value === NONE ? null : e.target.value)}
          label={t('settings.workstationLogin.flow')}
          size="small"
          fullWidth
          error={Boolean(fieldState.error) || flows.isError}
          helperText={
            fieldState.error?.message ??
            (flows.isError ? t('settings.workstationLogin.flowsFailed') : t('settings.workstationLogin.flowHint'))
          }
        >
          <MenuItem value={NONE}>{t('settings.workstationLogin.noFlow')}</MenuItem>
          {(flows.data ?? []).map((flow) => (
            <MenuItem key={flow.id} value={flow.id}>
              {flow.name}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
