import { Stack } from '@mui/material';
import type { Flow, FlowInput } from '@portiere/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogName, dialogs } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { FlowStagesEditor, flowErrorMessage } from '../../../components/flowEditor/FlowStagesEditor';
import { useFlowStagesField } from '../../../components/flowEditor/useFlowStagesField';
import { FormTextField } from '../../../components/forms/FormTextField';
import { useContractForm } from '../../../components/forms/useContractForm';
import { useSaveFlow } from '../api/flowsApi';
import { emptyFlowForm, type FlowFormValues, flowForm, flowFormOf } from '../lib/flowStages';

/** Opens with the flow to edit, or null for a new one. */
export const FLOW_FORM_DIALOG = dialogName<Flow | null>('flow-form');

/** The flow editor: name, ordered stages, terminating credentials among the flow's kinds. */
export function FlowFormDialog() {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<Flow | null>(null);
  const form = useContractForm<FlowFormValues, FlowInput>({
    ...flowForm,
    messageOf: flowErrorMessage,
    defaultValues: emptyFlowForm(),
  });
  const { control, handleSubmit, reset, showFieldErrors } = form;
  const stages = useFlowStagesField(form);
  const save = useSaveFlow({
    success: (t, _saved, { id }) => t(id ? 'flows.saved' : 'success.entityCreated'),
    onFieldErrors: showFieldErrors,
    onSuccess: () => dialogs.close(FLOW_FORM_DIALOG.name),
  });
  const submit = handleSubmit((input) => save.run({ id: editing?.id, input }));

  return (
    <FormDialog
      dialog={FLOW_FORM_DIALOG}
      title={t(editing ? 'flows.form.editTitle' : 'flows.form.newTitle')}
      onSubmit={submit}
      submitLabel={t('common.save')}
      busy={save.isPending}
      onOpen={(flow) => {
        setEditing(flow);
        reset(flow ? flowFormOf(flow) : emptyFlowForm());
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField control={control} name="name" autoFocus required label={t('flows.form.name')} />
        <FlowStagesEditor {...stages} />
      </Stack>
    </FormDialog>
  );
}
