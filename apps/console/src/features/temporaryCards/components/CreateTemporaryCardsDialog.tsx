import { FormControlLabel, Radio, RadioGroup, Stack } from '@mui/material';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { dialogName, dialogs } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { FormTextField } from '../../../components/forms/FormTextField';
import { useContractForm } from '../../../components/forms/useContractForm';
import { isApiError } from '../../../lib/api/apiError';
import { type TemporaryCardCreate, useCreateTemporaryCards } from '../api/temporaryCardsApi';
import {
  type CreateTemporaryCardsValues,
  createTemporaryCardsForm,
  emptyCreateTemporaryCards,
  MAX_CARDS,
} from '../lib/temporaryCardForms';

export const CREATE_TEMPORARY_CARDS_DIALOG = dialogName('create-cards');

/** Create cards: a number of cards with generated codes, or one card with a given code. */
export function CreateTemporaryCardsDialog() {
  const { t } = useTranslation();
  const { control, handleSubmit, reset, watch, setError } = useContractForm<
    CreateTemporaryCardsValues,
    TemporaryCardCreate
  >({ ...createTemporaryCardsForm, defaultValues: emptyCreateTemporaryCards });
  const mode = watch('mode');
  const create = useCreateTemporaryCards({
    // Many generated cards run in the feedback dialog; one given code stays in this form.
    feedbackDialog: (t, input) =>
      input.cardCode === undefined ? t('temporaryCards.create.running', { count: input.count ?? 1 }) : null,
    success: (t, created) => t('temporaryCards.created', { count: created.length }),
    onSuccess: () => dialogs.close(CREATE_TEMPORARY_CARDS_DIALOG.name),
    // A refused code (taken, wrong length) is named under the code field.
    onError: (err, message, input) => {
      if (isApiError(err) && (err.status === 400 || err.status === 409) && input.cardCode !== undefined)
        setError('cardCode', { type: 'server', message });
    },
  });

  const submit = handleSubmit(async (input) => {
    if (input.cardCode === undefined) dialogs.close(CREATE_TEMPORARY_CARDS_DIALOG.name);
    await create.run(input);
  });

  return (
    <FormDialog
      dialog={CREATE_TEMPORARY_CARDS_DIALOG}
      title={t('temporaryCards.create.title')}
      onSubmit={submit}
      submitLabel={t('temporaryCards.create.submit')}
      busy={create.isPending}
      onOpen={() => reset(emptyCreateTemporaryCards)}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Controller
          control={control}
          name="mode"
          render={({ field }) => (
            <RadioGroup row value={field.value} onChange={(e) => field.onChange(e.target.value)}>
              <FormControlLabel value="count" control={<Radio />} label={t('temporaryCards.create.byCount')} />
              <FormControlLabel value="code" control={<Radio />} label={t('temporaryCards.create.byCode')} />
            </RadioGroup>
          )}
        />
        {mode === 'count' ? (
          <FormTextField
            control={control}
            name="count"
            autoFocus
            type="number"
            label={t('temporaryCards.create.count')}
            helperText={t('temporaryCards.create.countHint', { max: MAX_CARDS })}
            slotProps={{ htmlInput: { min: 1, max: MAX_CARDS } }}
          />
        ) : (
          <FormTextField
            control={control}
            name="cardCode"
            autoFocus
            label={t('temporaryCards.create.code')}
            helperText={t('temporaryCards.create.codeHint')}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        )}
      </Stack>
    </FormDialog>
  );
}
