import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import type { LaFlow, LaFlowInput } from '@portiere/contracts';
import { useTranslation } from 'react-i18next';
import { useUnsavedChanges } from '../../../components/dialogs/unsavedChanges';
import { LoadError, loadFailure } from '../../../components/feedback/LoadError';
import {
  FlowStagesEditor,
  type FlowStagesValue,
  flowErrorMessage,
} from '../../../components/flowEditor/FlowStagesEditor';
import { useFlowStagesField } from '../../../components/flowEditor/useFlowStagesField';
import { useContractForm } from '../../../components/forms/useContractForm';
import { Spinner } from '../../../components/loading/LoadingOverlay';
import { formatDateTime } from '../../../lib/format';
import { useLaFlow, useSaveLaFlow } from '../api/laFlowApi';
import { laFlowChanged, laFlowForm, laFlowFormOf } from '../lib/laFlowForm';

function LaFlowEditor({ saved }: { saved: LaFlow }) {
  const { t, i18n } = useTranslation();
  const form = useContractForm<FlowStagesValue, LaFlowInput>({
    ...laFlowForm,
    messageOf: flowErrorMessage,
    defaultValues: laFlowFormOf(saved),
  });
  const { handleSubmit, reset, showFieldErrors } = form;
  const stages = useFlowStagesField(form);
  const dirty = laFlowChanged(saved, stages.value);
  useUnsavedChanges(dirty);
  const save = useSaveLaFlow({
    success: (t) => t('laFlow.saved'),
    onFieldErrors: showFieldErrors,
    onSuccess: (flow) => reset(laFlowFormOf(flow)),
  });
  const submit = handleSubmit((input) => save.run(input));

  return (
    <Paper
      component="form"
      noValidate
      sx={{ p: 3 }}
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <Stack spacing={2}>
        {!saved.updated_at && <Alert severity="info">{t('laFlow.notSet')}</Alert>}
        <FlowStagesEditor {...stages} />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
          {saved.updated_at && (
            <Typography variant="body2" color="text.secondary">
              {t('laFlow.updatedAt', { date: formatDateTime(saved.updated_at, i18n.language) })}
            </Typography>
          )}
          <Box sx={{ flex: 1 }} />
          {dirty && (
            <Typography variant="body2" color="warning.main" role="status">
              {t('laFlow.unsaved')}
            </Typography>
          )}
          <Button disabled={!dirty} onClick={() => reset(laFlowFormOf(saved))}>
            {t('laFlow.discard')}
          </Button>
          <Button type="submit" variant="contained" disabled={!dirty || save.isPending}>
            {t('laFlow.save')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}

/** The login assistant's unlock flow: ordered stages and terminating credentials, saved whole (PUT). */
export default function LaFlowPage() {
  const { t } = useTranslation();
  const flow = useLaFlow();
  const failure = loadFailure(flow);
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('laFlow.intro')}
      </Typography>
      {failure ? <LoadError failure={failure} /> : flow.data ? <LaFlowEditor saved={flow.data} /> : <Spinner />}
    </Stack>
  );
}
