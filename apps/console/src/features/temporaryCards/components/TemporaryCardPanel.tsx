import CreditCardIcon from '@mui/icons-material/CreditCard';
import { Alert, Box, Button, Chip, Skeleton, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { askConfirmation } from '../../../components/dialogs/ConfirmDialog';
import { openDialog } from '../../../components/dialogs/dialogRegistry';
import { formatDate, formatDateTime } from '../../../lib/format';
import { errorMessage } from '../../../lib/i18n/errorMessage';
import { useMemberTemporaryCard, useUnpairTemporaryCard } from '../api/temporaryCardsApi';
import { STATUS_COLORS, statusLabelKey } from '../lib/temporaryCardStatus';
import { PAIR_TEMPORARY_CARD_DIALOG, PairTemporaryCardDialog } from './PairTemporaryCardDialog';

/**
 * The member's temporary card (for the member page): the live card with its expiration and an
 * Unpair action, or a Pair card button opening the pairing dialog.
 */
export function TemporaryCardPanel({ memberId }: { memberId: string }) {
  const { t, i18n } = useTranslation();
  const card = useMemberTemporaryCard(memberId);
  const unpair = useUnpairTemporaryCard();
  const askUnpair = (code: string) =>
    askConfirmation({
      kind: 'disassociate',
      name: t('temporaryCards.cardName', { code }),
      onConfirm: () => unpair.run({ memberId, code }),
    });

  let body: ReactNode;
  if (card.isPending) body = <Skeleton variant="rounded" height={56} />;
  else if (card.isError) body = <Alert severity="error">{errorMessage(t, card.error)}</Alert>;
  else if (!card.data)
    body = (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography color="text.secondary" data-testid="temporary-card-none">
          {t('temporaryCards.panel.none')}
        </Typography>
        <Button variant="contained" aria-haspopup="dialog" onClick={() => openDialog(PAIR_TEMPORARY_CARD_DIALOG)}>
          {t('temporaryCards.panel.pair')}
        </Button>
      </Stack>
    );
  else {
    const c = card.data;
    body = (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Box>
          <Typography variant="h6" component="p" data-testid="temporary-card-code">
            {c.cardCode}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('temporaryCards.panel.expires', { date: formatDate(c.expiration_date, i18n.language) })}
            {' · '}
            {t('temporaryCards.panel.pairedAt', { date: formatDateTime(c.paired_at, i18n.language) })}
          </Typography>
        </Box>
        <Chip size="small" color={STATUS_COLORS[c.status]} label={t(statusLabelKey(c.status))} />
        <Box sx={{ flex: 1 }} />
        <Button color="warning" variant="outlined" aria-haspopup="dialog" onClick={() => askUnpair(c.cardCode)}>
          {t('temporaryCards.unpair')}
        </Button>
      </Stack>
    );
  }

  return (
    <Box component="section" aria-labelledby={`temporary-card-${memberId}`} data-testid="temporary-card-panel">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
        <CreditCardIcon fontSize="small" color="action" />
        <Typography variant="subtitle1" component="h3" id={`temporary-card-${memberId}`}>
          {t('temporaryCards.panel.title')}
        </Typography>
      </Stack>
      {body}
      <PairTemporaryCardDialog memberId={memberId} />
    </Box>
  );
}
