import BlockIcon from '@mui/icons-material/Block';
import {
  IconButton,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import type { OfflineGrant } from '@portiere/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { askConfirmation } from '../../../components/dialogs/ConfirmDialog';
import { LoadError, loadFailure } from '../../../components/feedback/LoadError';
import { formatDateTime } from '../../../lib/format';
import { useOfflineGrants, useRevokeOfflineGrant } from '../api/workstationApi';

/** Machines per member are few: one page holds them (the tab's paging belongs to its sign-ins list). */
const MACHINES = 100;

/**
 * The machines holding the member's offline material (the Workstation tab), each with a Revoke:
 * the machine deletes its copy at its next contact and cannot refill it.
 */
export function OfflinePanel({ memberId }: { memberId: string }) {
  const { t, i18n } = useTranslation();
  const grants = useOfflineGrants(memberId, 1, MACHINES);
  const { run: revoke } = useRevokeOfflineGrant(memberId, {
    success: (t, _r, grant) => t('workstation.offline.revoked', { machine: grant.machine }),
  });
  const failure = loadFailure(grants);
  const when = (value: string | null) => (value ? formatDateTime(value, i18n.language) : '—');
  const ask = (grant: OfflineGrant) =>
    askConfirmation({
      kind: 'revoke',
      name: t('workstation.offline.name', { machine: grant.machine }),
      detail: t('workstation.offline.revokeWarning'),
      onConfirm: () => revoke(grant),
    });

  let body: ReactNode;
  if (failure) body = <LoadError failure={failure} />;
  else if (!grants.data) body = <Skeleton variant="rounded" height={56} />;
  else if (!grants.data.results.length)
    body = (
      <Typography color="text.secondary" data-testid="offline-none">
        {t('workstation.offline.none')}
      </Typography>
    );
  else
    body = (
      <Table size="small" aria-labelledby="member-offline">
        <TableHead>
          <TableRow>
            <TableCell>{t('workstation.offline.columns.machine')}</TableCell>
            <TableCell>{t('workstation.offline.columns.kind')}</TableCell>
            <TableCell>{t('workstation.offline.columns.values')}</TableCell>
            <TableCell>{t('workstation.offline.columns.refilled')}</TableCell>
            <TableCell>{t('workstation.offline.columns.expires')}</TableCell>
            <TableCell>{t('workstation.offline.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {grants.data.results.map((grant) => (
            <TableRow key={grant.id}>
              <TableCell>{grant.machine}</TableCell>
              <TableCell>{t(`credentials.types.${grant.kind}`)}</TableCell>
              <TableCell>{grant.values}</TableCell>
              <TableCell>{when(grant.refilled_at ?? grant.issued_at)}</TableCell>
              <TableCell>{when(grant.expires_at)}</TableCell>
              <TableCell>
                <Tooltip title={t('workstation.offline.revoke')}>
                  <IconButton
                    aria-haspopup="dialog"
                    aria-label={t('workstation.offline.revokeNamed', { machine: grant.machine })}
                    onClick={() => ask(grant)}
                  >
                    <BlockIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  return (
    <Stack component="section" aria-labelledby="member-offline" spacing={1}>
      <Typography variant="h6" component="h3" id="member-offline">
        {t('workstation.offline.title')}
      </Typography>
      <Typography color="text.secondary">{t('workstation.offline.hint')}</Typography>
      {body}
    </Stack>
  );
}
