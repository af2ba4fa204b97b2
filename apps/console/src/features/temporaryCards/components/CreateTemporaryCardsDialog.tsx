import { FormControlLabel, Radio, RadioGroup, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogName, dialogs } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { isApiError } from '../../../lib/api/apiError';
import { useCreateTemporaryCards } from '../api/temporaryCardsApi';
import {
  type CreateTemporaryCardsValues,
  createTemporaryCardsInput,
  emptyCreateTemporaryCards,
  MAX_CARDS,
} from '../lib/temporaryCardForms';

export const CREATE_TEMPORARY_CARDS_DIALOG = dialogName('create-cards');

/** Create cards: a number of cards with generated codes, or one card with a given code. */
export function CreateTemporaryCardsDialog() {
  const { t } = useTranslation();
  const [values, setValues] = useState<CreateTemporaryCardsValues>(emptyCreateTemporaryCards);
  const [errors, setErrors] = useState<Partial<Record<'count' | 'cardCode', string>>>({});
  const set = (patch: Partial<CreateTemporaryCardsValues>) => setValues((v) => ({ ...v, ...patch }));
  const create = useCreateTemporaryCards({
    // Many generated cards run in the feedback dialog; one given code stays in this form.
    feedbackDialog: (t, input) =>
      input.cardCode === undefined ? t('temporaryCards.create.running', { count: input.count ?? 1 }) : null,
    success: (t, created) => t('temporaryCards.created', { count: created.length }),
    onSuccess: () => dialogs.close(CREATE_TEMPORARY_CARDS_DIALOG.name),
    // A refused code (taken, wrong length) is named under the code field.
    onError: (err, message, input) => {
      if (isApiError(err) && (err.status === 400 || err.status === 409) && input.cardCode !== undefined)
        setErrors({ cardCode: message });
    },
  });

  const submit = async () => {
    const { errors: e, input } = createTemporaryCardsInput(t, values);
    setErrors(e);
    if (!input) return;
    if (input.cardCode === undefined) dialogs.close(CREATE_TEMPORARY_CARDS_DIALOG.name);
    await create.run(input);
  };

  return (
    <FormDialog
      dialog={CREATE_TEMPORARY_CARDS_DIALOG}
      title={t('temporaryCards.create.title')}
      onSubmit={submit}
      submitLabel={t('temporaryCards.create.submit')}
      busy={create.isPending}
      onOpen={() => {
        setValues(emptyCreateTemporaryCards);
        setErrors({});
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <RadioGroup
          row
          value={values.mode}
          onChange={(e) => set({ mode: e.target.value as CreateTemporaryCardsValues['mode'] })}
        >
          <FormControlLabel value="count" control={<Radio />} label={t('temporaryCards.create.byCount')} />
          <FormControlLabel value="code" control={<Radio />} label={t('temporaryCards.create.byCode')} />
        </RadioGroup>
        {values.mode === 'count' ? (
          <TextField
            autoFocus
            type="number"
            label={t('temporaryCards.create.count')}
            value={values.count}
            onChange={(e) => set({ count: e.target.value })}
            error={Boolean(errors.count)}
            helperText={errors.count ?? t('temporaryCards.create.countHint', { max: MAX_CARDS })}
            slotProps={{ htmlInput: { min: 1, max: MAX_CARDS } }}
          />
        ) : (
          <TextField
            autoFocus
            label={t('temporaryCards.create.code')}
            value={values.cardCode}
            onChange={(e) => set({ cardCode: e.target.value })}
            error={Boolean(errors.cardCode)}
            helperText={errors.cardCode ?? t('temporaryCards.create.codeHint')}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        )}
      </Stack>
    </FormDialog>
  );
}
