import AddIcon from '@mui/icons-material/Add';
import { Button, Chip, FormHelperText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { CredentialType, FieldError } from '@portiere/contracts';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorMessage } from '../../lib/i18n/fieldError';
import { StageList } from './StageList';
import { addStage, canAddStage, type Stage, terminatingChoices } from './stages';

export interface FlowStagesValue {
  stages: Stage[];
  terminatingCredentials: CredentialType[];
}

/** A flow field error in the user's language; a terminating-credential message names the kinds by their labels. */
export function flowErrorMessage(t: TFunction, e: FieldError): string {
  if (e.key !== 'terminatingNotInFlow') return fieldErrorMessage(t, e);
  const types = String(e.params?.types ?? '')
    .split(', ')
    .map((k) => t(`credentials.types.${k as CredentialType}`))
    .join(', ');
  return fieldErrorMessage(t, { ...e, params: { types } });
}

interface Props {
  value: FlowStagesValue;
  onChange: (patch: Partial<FlowStagesValue>) => void;
  /** Messages keyed as the contract's field errors: stages, stages.{i}, terminatingCredentials. */
  errors: Record<string, string | undefined>;
}

/** The ordered stages of a flow and its terminating credentials among the flow's kinds. */
export function FlowStagesEditor({ value, onChange, errors }: Props) {
  const { t } = useTranslation();
  const choices = terminatingChoices(value.stages);
  // A chosen kind no longer in the flow stays listed (marked by the error) until the user removes it.
  const outside = value.terminatingCredentials.filter((k) => !choices.includes(k));
  // The menu keeps the items it opened with, so unticking a kind outside the flow does not pull
  // the focused item from under the keyboard.
  const [menuKinds, setMenuKinds] = useState<CredentialType[] | null>(null);
  const terminatingItems = menuKinds ?? [...choices, ...outside];
  const stageErrors = Object.fromEntries(value.stages.map((_, i) => [i, errors[`stages.${i}`]]));
  const terminatingError = errors.terminatingCredentials;
  return (
    <>
      <Stack spacing={1}>
        <Typography variant="subtitle2" component="h3">
          {t('flowEditor.stages')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('flowEditor.hint')}
        </Typography>
        <StageList stages={value.stages} onChange={(stages) => onChange({ stages })} errors={stageErrors} />
        {errors.stages && <FormHelperText error>{errors.stages}</FormHelperText>}
        <Button
          startIcon={<AddIcon />}
          onClick={() => onChange({ stages: addStage(value.stages) })}
          disabled={!canAddStage(value.stages)}
          sx={{ alignSelf: 'flex-start' }}
        >
          {t('flowEditor.addStage')}
        </Button>
      </Stack>
      <TextField
        select
        label={t('flowEditor.terminatingCredentials')}
        value={value.terminatingCredentials}
        error={Boolean(terminatingError)}
        helperText={terminatingError ?? t('flowEditor.terminatingHint')}
        onChange={(e) => {
          const v = e.target.value as unknown;
          onChange({ terminatingCredentials: (typeof v === 'string' ? v.split(',') : v) as CredentialType[] });
        }}
        slotProps={{
          select: {
            multiple: true,
            onOpen: () => setMenuKinds([...choices, ...outside]),
            onClose: () => setMenuKinds(null),
            renderValue: (selected) => (
              <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                {(selected as CredentialType[]).map((k) => (
                  <Chip
                    key={k}
                    size="small"
                    color={outside.includes(k) ? 'error' : 'default'}
                    label={t(`credentials.types.${k}`)}
                  />
                ))}
              </Stack>
            ),
          },
        }}
      >
        {terminatingItems.map((k) => (
          <MenuItem key={k} value={k}>
            {t(`credentials.types.${k}`)}
          </MenuItem>
        ))}
        {terminatingItems.length === 0 && (
          <MenuItem disabled value="">
            {t('flowEditor.noKindsYet')}
          </MenuItem>
        )}
      </TextField>
    </>
  );
}
