import { Alert, Box, Button, Paper, Stack, Typography } from '@mui/material';
import type { LaFlow } from '@portiere/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnsavedChanges } from '../../../components/dialogs/unsavedChanges';
import { LoadError, loadFailure } from '../../../components/feedback/LoadError';
import {
  FlowStagesEditor,
  type FlowStagesValue,
  flowErrorMessage,
} from '../../../components/flowEditor/FlowStagesEditor';
import { Spinner } from '../../../components/loading/LoadingOverlay';
import { formatDateTime } from '../../../lib/format';
import { useLaFlow, useSaveLaFlow } from '../api/laFlowApi';
import { laFlowChanged, laFlowFormOf, laFlowInputOf, validateLaFlowForm } from '../lib/laFlowForm';

type Errors = Record<string, string | undefined>;

function LaFlowEditor({ saved }: { saved: LaFlow }) {
  const { t, i18n } = useTranslation();
  const [values, setValues] = useState<FlowStagesValue>(() => laFlowFormOf(saved));
  const [serverErrors, setServerErrors] = useState<Errors>({});
  const [submitted, setSubmitted] = useState(false);
  const dirty = laFlowChanged(saved, values);
  useUnsavedChanges(dirty);
  const save = useSaveLaFlow({
    success: (t) => t('laFlow.saved'),
    onFieldErrors: setServerErrors,
    onSuccess: (flow) => {
      setValues(laFlowFormOf(flow));
      setSubmitted(false);
    },
  });
  const own = validateLaFlowForm(values);
  const errors: Errors = { ...serverErrors };
  // The terminating-credential rule is checked live, the others once saving was tried.
  for (const [k, v] of Object.entries(own))
    if (submitted || k === 'terminatingCredentials') errors[k] = flowErrorMessage(t, v);

  const submit = async () => {
    setSubmitted(true);
    if (Object.keys(own).length) return;
    await save.run(laFlowInputOf(values));
  };

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
        <FlowStagesEditor
          value={values}
          onChange={(patch) => {
            setServerErrors({});
            setValues((v) => ({ ...v, ...patch }));
          }}
          errors={errors}
        />
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
          <Button disabled={!dirty} onClick={() => setValues(laFlowFormOf(saved))}>
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
