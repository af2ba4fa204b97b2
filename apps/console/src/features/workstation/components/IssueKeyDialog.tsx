import { FormControlLabel, Radio, RadioGroup, Stack } from '@mui/material';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { dialogName, dialogs, openDialog } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { FormTextField } from '../../../components/forms/FormTextField';
import { useContractForm } from '../../../components/forms/useContractForm';
import { useIssueWorkstationKey, type WorkstationKeyCreate } from '../api/workstationApi';
import { emptyIssueKey, type IssueKeyValues, issueKeyForm } from '../lib/keyForm';
import { KEY_SHOWN_DIALOG } from './KeyShownDialog';

export const ISSUE_KEY_DIALOG = dialogName('issue-workstation-key');

/** Issue a workstation key for one machine or for the fleet; the key then shows once. */
export function IssueKeyDialog() {
  const { t } = useTranslation();
  const { control, handleSubmit, reset, watch, showFieldErrors } = useContractForm<
    IssueKeyValues,
    WorkstationKeyCreate
  >({ ...issueKeyForm, defaultValues: emptyIssueKey });
  const scope = watch('scope');
  const issue = useIssueWorkstationKey({
    success: (t, key) => t('workstation.keys.issued', { name: key.name }),
    onFieldErrors: showFieldErrors,
    onSuccess: (key) => {
      dialogs.close(ISSUE_KEY_DIALOG.name);
      openDialog(KEY_SHOWN_DIALOG, key);
    },
  });
  const submit = handleSubmit((input) => issue.run(input));

  return (
    <FormDialog
      dialog={ISSUE_KEY_DIALOG}
      title={t('workstation.keys.issue.title')}
      onSubmit={submit}
      submitLabel={t('workstation.keys.issue.submit')}
      busy={issue.isPending}
      onOpen={() => reset(emptyIssueKey)}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <FormTextField
          control={control}
          name="name"
          autoFocus
          label={t('workstation.keys.issue.name')}
          helperText={t('workstation.keys.issue.nameHint')}
        />
        <Controller
          control={control}
          name="scope"
          render={({ field }) => (
            <RadioGroup
              value={field.value}
              onChange={(e) => field.onChange(e.target.value)}
              aria-label={t('workstation.keys.issue.scope')}
            >
              <FormControlLabel value="machine" control={<Radio />} label={t('workstation.keys.issue.oneMachine')} />
              <FormControlLabel value="fleet" control={<Radio />} label={t('workstation.keys.issue.fleet')} />
            </RadioGroup>
          )}
        />
        {scope === 'machine' && (
          <FormTextField
            control={control}
            name="machine"
            label={t('workstation.keys.issue.machine')}
            helperText={t('workstation.keys.issue.machineHint')}
          />
        )}
      </Stack>
    </FormDialog>
  );
}
