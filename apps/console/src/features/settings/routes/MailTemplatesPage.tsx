import { Alert, Box, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import type { MailTemplate, MailTemplateName } from '@portiere/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUnsavedChanges } from '../../../components/dialogs/unsavedChanges';
import { LoadError, loadFailure } from '../../../components/feedback/LoadError';
import { Spinner } from '../../../components/loading/LoadingOverlay';
import { useMailTemplates } from '../api/mailTemplatesApi';
import type { SettingsAnswer } from '../api/settingsApi';
import { MailPreviewDialog } from '../components/mailTemplates/MailPreviewDialog';
import { MailTemplateEditor } from '../components/mailTemplates/MailTemplateEditor';
import { SettingsLoader } from '../components/SettingsLoader';
import { baselineOf, sameDraft } from '../lib/mailTemplateDraft';
import type { Validators } from '../lib/settingsForm';

function MailTemplates({ customerId, answer }: { customerId: string; answer: SettingsAnswer }) {
  const { t } = useTranslation();
  const query = useMailTemplates(customerId);
  const [selected, setSelected] = useState<MailTemplateName | null>(null);
  // Edits not saved yet, per template: switching templates keeps them.
  const [drafts, setDrafts] = useState<Partial<Record<MailTemplateName, MailTemplate>>>({});
  const items = query.data?.items ?? [];
  const unsaved = items.filter((i) => drafts[i.name] && !sameDraft(drafts[i.name] as MailTemplate, baselineOf(i)));
  useUnsavedChanges(unsaved.length > 0);

  const failure = loadFailure(query);
  if (failure) return <LoadError failure={failure} message={(t) => t('error.genericApiFail')} />;
  if (!query.data) return <Spinner />;
  const item = items.find((i) => i.name === selected) ?? items[0];
  if (!item) return null;
  const baseline = baselineOf(item);
  return (
    <Stack spacing={2}>
      <Typography variant="body2" color="text.secondary">
        {t('settings.mailTemplates.intro', {
          // Named in the console's language, inside its sentence.
          language: t(`common.languageNames.${query.data.language}`),
        })}
      </Typography>
      {unsaved.length > 0 && (
        <Alert severity="warning">
          {t('settings.mailTemplates.unsavedList', {
            names: unsaved.map((i) => t(`settings.mailTemplates.names.${i.name}`)).join(', '),
          })}
        </Alert>
      )}
      <Paper>
        <Tabs
          value={item.name}
          onChange={(_e, name: MailTemplateName) => setSelected(name)}
          variant="scrollable"
          scrollButtons="auto"
          aria-label={t('settings.mailTemplates.tabs')}
          sx={{ borderBottom: 1, borderColor: 'divider' }}
        >
          {items.map((i) => (
            <Tab
              key={i.name}
              value={i.name}
              id={`mail-template-tab-${i.name}`}
              aria-controls="mail-template-panel"
              label={
                <Stack sx={{ alignItems: 'flex-start' }}>
                  <span>{t(`settings.mailTemplates.names.${i.name}`)}</span>
                  <Typography variant="caption" color="text.secondary" sx={{ textTransform: 'none' }}>
                    {i.customised ? t('settings.mailTemplates.customised') : t('settings.mailTemplates.default')}
                  </Typography>
                </Stack>
              }
            />
          ))}
        </Tabs>
        <Box id="mail-template-panel" role="tabpanel" aria-labelledby={`mail-template-tab-${item.name}`} sx={{ p: 3 }}>
          <MailTemplateEditor
            key={item.name}
            customerId={customerId}
            item={item}
            validators={answer.validators as Validators}
            baseline={baseline}
            draft={drafts[item.name] ?? baseline}
            onDraft={(draft) => setDrafts((d) => ({ ...d, [item.name]: draft ?? undefined }))}
          />
        </Box>
      </Paper>
      <MailPreviewDialog customerId={customerId} />
    </Stack>
  );
}

/** Email Templates: the six mails members receive, each editable, previewed and tried out. */
export default function MailTemplatesPage() {
  return (
    <SettingsLoader>
      {(answer, customerId) => <MailTemplates key={customerId} customerId={customerId} answer={answer} />}
    </SettingsLoader>
  );
}
