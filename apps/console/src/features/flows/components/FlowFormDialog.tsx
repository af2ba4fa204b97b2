import AddIcon from '@mui/icons-material/Add';
import { Button, Chip, FormHelperText, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { CredentialType, FieldError, Flow } from '@portiere/contracts';
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
  // Server field errors (cleared by the next change); the form's own rules are checked live once
  // the user has tried to save, and the terminating-credential rule always.
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const set = (patch: Partial<FlowFormValues>) => {
    setServerErrors({});
    setValues((v) => ({ ...v, ...patch }));
  };
  const save = useSaveFlow({
    success: (t, _saved, { id }) => t(id ? 'flows.saved' : 'success.entityCreated'),
    onFieldErrors: setServerErrors,
    onSuccess: () => dialogs.close(FLOW_FORM_DIALOG.name),
  });

  const kindLabels = (codes: string) =>
    codes
      .split(', ')
      .map((k) => t(`credentials.types.${k as CredentialType}`))
      .join(', ');
  /** The kinds of a terminating-credential message by their labels. */
  const message = (e: FieldError) =>
    fieldErrorMessage(
      t,
      e.key === 'terminatingNotInFlow' ? { ...e, params: { types: kindLabels(String(e.params?.types ?? '')) } } : e,
    );
  const own = validateFlowForm(values);
  const errors: Errors = { ...serverErrors };
  for (const [k, v] of Object.entries(own))
    if (v && (submitted || k === 'terminatingCredentials')) errors[k] = message(v);

  const submit = async () => {
    setSubmitted(true);
    if (Object.keys(own).length) return;
    await save.run({ id: editing?.id, input: flowInputOf(values) });
  };

  const terminatingError = errors.terminatingCredentials;
  const choices = terminatingChoices(values.stages);
  // A chosen kind no longer in the flow stays listed (marked by the error) until the user removes it.
  const outside = values.terminatingCredentials.filter((k) => !choices.includes(k));
  // The menu keeps the items it opened with, so unticking a kind outside the flow does not pull
  // the focused item from under the keyboard.
  const [menuKinds, setMenuKinds] = useState<CredentialType[] | null>(null);
  const terminatingItems = menuKinds ?? [...choices, ...outside];
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
        setServerErrors({});
        setSubmitted(false);
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
              {t('flows.form.noKindsYet')}
            </MenuItem>
          )}
        </TextField>
      </Stack>
    </FormDialog>
  );
}
