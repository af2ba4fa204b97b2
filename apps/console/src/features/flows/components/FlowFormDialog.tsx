import AddIcon from '@mui/icons-material/Add';
import { Button, Chip, FormHelperText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { type CredentialType, type Flow, flowFieldErrors } from '@portiere/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogName, dialogs } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { fieldErrorMessage } from '../../../lib/i18n/fieldError';
import { useSaveFlow } from '../api/flowsApi';
import {
  addStage,
  canAddStage,
  emptyFlowForm,
  type FlowFormValues,
  flowFormOf,
  flowInputOf,
  terminatingChoices,
  validateFlowForm,
} from '../lib/flowStages';
import { StageList } from './StageList';

/** Opens with the flow to edit, or null for a new one. */
export const FLOW_FORM_DIALOG = dialogName<Flow | null>('flow-form');

type Errors = Record<string, string | undefined>;

/** The flow editor: name, ordered stages, terminating credentials among the flow's kinds. */
export function FlowFormDialog() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Flow | null>(null);
  const [values, setValues] = useState<FlowFormValues>(emptyFlowForm);
  const [errors, setErrors] = useState<Errors>({});
  const set = (patch: Partial<FlowFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const save = useSaveFlow({
    success: (t, _saved, { id }) => t(id ? 'flows.saved' : 'success.entityCreated'),
    onFieldErrors: setErrors,
    onSuccess: () => dialogs.close(FLOW_FORM_DIALOG.name),
  });

  const submit = async () => {
    const e: Errors = {};
    for (const [k, v] of Object.entries(validateFlowForm(values))) if (v) e[k] = fieldErrorMessage(t, v);
    setErrors(e);
    if (Object.keys(e).length) return;
    await save.run({ id: editing?.id, input: flowInputOf(values) });
  };

  // The spec 5 rule is said as soon as a stage change leaves a terminating credential outside the flow.
  const input = flowInputOf(values);
  const live = flowFieldErrors({ stages: input.stages, terminatingCredentials: input.terminatingCredentials });
  const terminatingError = live.terminatingCredentials
    ? fieldErrorMessage(t, live.terminatingCredentials)
    : errors.terminatingCredentials;
  const choices = terminatingChoices(values.stages);
  // A chosen kind no longer in the flow stays listed (marked by the error) until the user removes it.
  const outside = values.terminatingCredentials.filter((k) => !choices.includes(k));
  const stageErrors = Object.fromEntries(values.stages.map((_, i) => [i, errors[`stages.${i}`]]));

  return (
    <FormDialog
      dialog={FLOW_FORM_DIALOG}
      title={t(editing ? 'flows.form.editTitle' : 'flows.form.newTitle')}
      onSubmit={submit}
      submitLabel={t('common.save')}
      busy={save.isPending}
      onOpen={(flow) => {
        setEditing(flow);
        setValues(flow ? flowFormOf(flow) : emptyFlowForm());
        setErrors({});
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          autoFocus
          required
          label={t('flows.form.name')}
          value={values.name}
          onChange={(e) => set({ name: e.target.value })}
          error={Boolean(errors.name)}
          helperText={errors.name}
        />
        <Stack spacing={1}>
          <Typography variant="subtitle2" component="h3">
            {t('flows.editor.stages')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('flows.editor.hint')}
          </Typography>
          <StageList stages={values.stages} onChange={(stages) => set({ stages })} errors={stageErrors} />
          {errors.stages && <FormHelperText error>{errors.stages}</FormHelperText>}
          <Button
            startIcon={<AddIcon />}
            onClick={() => set({ stages: addStage(values.stages) })}
            disabled={!canAddStage(values.stages)}
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('flows.editor.addStage')}
          </Button>
        </Stack>
        <TextField
          select
          label={t('flows.form.terminatingCredentials')}
          value={values.terminatingCredentials}
          error={Boolean(terminatingError)}
          helperText={terminatingError ?? t('flows.form.terminatingHint')}
          onChange={(e) => {
            const v = e.target.value as unknown;
            set({ terminatingCredentials: (typeof v === 'string' ? v.split(',') : v) as CredentialType[] });
          }}
          slotProps={{
            select: {
              multiple: true,
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
          {[...choices, ...outside].map((k) => (
            <MenuItem key={k} value={k}>
              {t(`credentials.types.${k}`)}
            </MenuItem>
          ))}
          {choices.length + outside.length === 0 && (
            <MenuItem disabled value="">
              {t('flows.form.noKindsYet')}
            </MenuItem>
          )}
        </TextField>
      </Stack>
    </FormDialog>
  );
}
