import { Stack, TextField } from '@mui/material';
import type { Flow } from '@portiere/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogName, dialogs } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { FlowStagesEditor, flowErrorMessage } from '../../../components/flowEditor/FlowStagesEditor';
import { useSaveFlow } from '../api/flowsApi';
import { emptyFlowForm, type FlowFormValues, flowFormOf, flowInputOf, validateFlowForm } from '../lib/flowStages';

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

  const own = validateFlowForm(values);
  const errors: Errors = { ...serverErrors };
  for (const [k, v] of Object.entries(own))
    if (v && (submitted || k === 'terminatingCredentials')) errors[k] = flowErrorMessage(t, v);

  const submit = async () => {
    setSubmitted(true);
    if (Object.keys(own).length) return;
    await save.run({ id: editing?.id, input: flowInputOf(values) });
  };

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
        <FlowStagesEditor value={values} onChange={set} errors={errors} />
      </Stack>
    </FormDialog>
  );
}
