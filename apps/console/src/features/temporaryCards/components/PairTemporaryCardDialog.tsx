import { Autocomplete, Stack, TextField } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import type { TemporaryCard } from '@portiere/contracts';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { dialogName, dialogs } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { useContractForm } from '../../../components/forms/useContractForm';
import { useDebounced } from '../../../lib/useDebounced';
import { usePairableTemporaryCards, usePairTemporaryCard } from '../api/temporaryCardsApi';
import { type PairTemporaryCardValues, pairTemporaryCardForm } from '../lib/temporaryCardForms';

export const PAIR_TEMPORARY_CARD_DIALOG = dialogName('pair-temporary-card');
/** Default validity of a pairing, in days. */
export const DEFAULT_PAIRING_DAYS = 7;

const pairingDefaults = (): PairTemporaryCardValues => ({
  card_id: null,
  expiration_date: dayjs().add(DEFAULT_PAIRING_DAYS, 'day'),
});

/** Temporary card pairing: select a free (or expired) card and an expiration date. */
export function PairTemporaryCardDialog({
  memberId,
  onPaired,
}: {
  memberId: string;
  onPaired?: (card: TemporaryCard) => void;
}) {
  const { t } = useTranslation();
  const { control, handleSubmit, reset } = useContractForm<
    PairTemporaryCardValues,
    { card_id: string; expiration_date: string }
  >({ ...pairTemporaryCardForm, defaultValues: pairingDefaults() });
  const [input, setInput] = useState('');
  const search = useDebounced(input, 250);
  const open = usePairableTemporaryCards(search, Boolean(memberId));
  const pair = usePairTemporaryCard(memberId, {
    success: (t, paired) => t('temporaryCards.paired', { code: paired.cardCode }),
    onSuccess: (paired) => {
      dialogs.close(PAIR_TEMPORARY_CARD_DIALOG.name);
      onPaired?.(paired);
    },
  });

  const submit = handleSubmit((body) => pair.run(body));

  return (
    <FormDialog
      dialog={PAIR_TEMPORARY_CARD_DIALOG}
      title={t('temporaryCards.pair.title')}
      onSubmit={submit}
      submitLabel={t('temporaryCards.pair.submit')}
      busy={pair.isPending}
      onOpen={() => {
        reset(pairingDefaults());
        setInput('');
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Controller
          control={control}
          name="card_id"
          render={({ field, fieldState }) => (
            <Autocomplete<TemporaryCard, false>
              options={open.data ?? []}
              loading={open.isFetching}
              value={field.value as TemporaryCard | null}
              onChange={(_, v) => field.onChange(v)}
              onInputChange={(_, v, reason) => {
                if (reason !== 'reset') setInput(v);
              }}
              filterOptions={(o) => o}
              getOptionLabel={(c) => c.cardCode}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              renderOption={(props, c) => (
                <li {...props} key={c.id}>
                  {c.cardCode}
                  {c.status === 'expired' ? ` — ${t('temporaryCards.status.expired')}` : ''}
                </li>
              )}
              noOptionsText={t('temporaryCards.pair.noCards')}
              loadingText={t('common.loading')}
              renderInput={(params) => (
                <TextField
                  {...params}
                  autoFocus
                  label={t('temporaryCards.pair.card')}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message ?? t('temporaryCards.pair.cardHint')}
                />
              )}
            />
          )}
        />
        <Controller
          control={control}
          name="expiration_date"
          render={({ field, fieldState }) => (
            <DatePicker
              label={t('temporaryCards.pair.expiration')}
              value={field.value}
              onChange={(v) => field.onChange(v)}
              disablePast
              slotProps={{
                textField: { error: Boolean(fieldState.error), helperText: fieldState.error?.message, fullWidth: true },
              }}
            />
          )}
        />
      </Stack>
    </FormDialog>
  );
}
