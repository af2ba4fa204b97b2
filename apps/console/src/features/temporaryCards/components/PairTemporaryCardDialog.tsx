import { Autocomplete, Stack, TextField } from '@mui/material';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import type { TemporaryCard } from '@portiere/contracts';
import { fieldError } from '@portiere/contracts';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dialogName, dialogs } from '../../../components/dialogs/dialogRegistry';
import { FormDialog } from '../../../components/dialogs/FormDialog';
import { fieldErrorMessage } from '../../../lib/i18n/fieldError';
import { useDebounced } from '../../../lib/useDebounced';
import { usePairableTemporaryCards, usePairTemporaryCard } from '../api/temporaryCardsApi';
import { expirationOf } from '../lib/temporaryCardForms';

export const PAIR_TEMPORARY_CARD_DIALOG = dialogName('pair-temporary-card');
/** Default validity of a pairing, in days. */
export const DEFAULT_PAIRING_DAYS = 7;

/** Temporary card pairing: select a free (or expired) card and an expiration date. */
export function PairTemporaryCardDialog({
  memberId,
  onPaired,
}: {
  memberId: string;
  onPaired?: (card: TemporaryCard) => void;
}) {
  const { t } = useTranslation();
  const [card, setCard] = useState<TemporaryCard | null>(null);
  const [day, setDay] = useState<Dayjs | null>(dayjs().add(DEFAULT_PAIRING_DAYS, 'day'));
  const [input, setInput] = useState('');
  const search = useDebounced(input, 250);
  const [errors, setErrors] = useState<{ card?: string; date?: string }>({});
  const open = usePairableTemporaryCards(search, Boolean(memberId));
  const pair = usePairTemporaryCard(memberId, {
    success: (t, paired) => t('temporaryCards.paired', { code: paired.cardCode }),
    onSuccess: (paired) => {
      dialogs.close(PAIR_TEMPORARY_CARD_DIALOG.name);
      onPaired?.(paired);
    },
  });

  const submit = async () => {
    const required = fieldErrorMessage(t, fieldError('required'));
    const e: { card?: string; date?: string } = {};
    if (!card) e.card = required;
    const chosen = day?.isValid() ? day : null;
    if (!chosen) e.date = required;
    else if (chosen.endOf('day').isBefore(dayjs())) e.date = t('error.expirationInPast');
    setErrors(e);
    if (!card || !chosen || e.date) return;
    await pair.run({ card_id: card.id, expiration_date: expirationOf(chosen) });
  };

  return (
    <FormDialog
      dialog={PAIR_TEMPORARY_CARD_DIALOG}
      title={t('temporaryCards.pair.title')}
      onSubmit={submit}
      submitLabel={t('temporaryCards.pair.submit')}
      busy={pair.isPending}
      onOpen={() => {
        setCard(null);
        setInput('');
        setDay(dayjs().add(DEFAULT_PAIRING_DAYS, 'day'));
        setErrors({});
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Autocomplete<TemporaryCard, false>
          options={open.data ?? []}
          loading={open.isFetching}
          value={card}
          onChange={(_, v) => setCard(v)}
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
              error={Boolean(errors.card)}
              helperText={errors.card ?? t('temporaryCards.pair.cardHint')}
            />
          )}
        />
        <DatePicker
          label={t('temporaryCards.pair.expiration')}
          value={day}
          onChange={(v) => setDay(v)}
          disablePast
          slotProps={{
            textField: { error: Boolean(errors.date), helperText: errors.date, fullWidth: true },
          }}
        />
      </Stack>
    </FormDialog>
  );
}
