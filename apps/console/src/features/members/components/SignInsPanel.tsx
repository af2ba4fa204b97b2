import { Chip, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { MemberSignIn, SignInChannelName } from '@portiere/contracts';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../../components/table/ListPage';
import { useFirstPageOn, usePaging } from '../../../components/table/pagingStore';
import { formatDateTime } from '../../../lib/format';
import { type SignInOutcome, useSignIns } from '../api/signInsApi';

const OUTCOMES: SignInOutcome[] = ['success', 'failure', 'abort'];
const CHIP_COLOR = { success: 'success', failure: 'error', abort: 'default' } as const;

const kindLabel = (t: TFunction, kind: MemberSignIn['kinds'][number]) =>
  kind === 'recovery' ? t('members.signIns.recovery') : t(`credentials.types.${kind}`);

function columns(t: TFunction, language: string, channel: SignInChannelName): GridColDef<MemberSignIn>[] {
  // Into which application on the web; at which machine at a workstation; through which device over RADIUS.
  const device: GridColDef<MemberSignIn> = {
    field: 'machine',
    headerName: t('members.signIns.columns.radiusClient'),
    minWidth: 150,
    flex: 1,
    valueGetter: (_: unknown, row: MemberSignIn) => row.machine ?? '—',
  };
  const application: GridColDef<MemberSignIn> = {
    field: 'application',
    headerName: t('members.signIns.columns.application'),
    minWidth: 150,
    flex: 1,
    valueGetter: (_: unknown, row: MemberSignIn) => row.application?.name ?? t('members.signIns.deletedApplication'),
  };
  const machine: GridColDef<MemberSignIn> = {
    field: 'machine',
    headerName: t('members.signIns.columns.machine'),
    minWidth: 150,
    flex: 1,
    valueGetter: (_: unknown, row: MemberSignIn) => row.machine ?? '—',
  };
  const where = { web: [application], workstation: [machine], radius: [application, device] }[channel];
  return [
    {
      field: 'at',
      headerName: t('members.signIns.columns.at'),
      minWidth: 170,
      flex: 1,
      valueFormatter: (value: string) => formatDateTime(value, language),
    },
    ...where,
    {
      field: 'outcome',
      headerName: t('members.signIns.columns.outcome'),
      minWidth: 140,
      renderCell: ({ row }) => (
        <Chip
          size="small"
          variant="outlined"
          color={CHIP_COLOR[row.outcome]}
          label={t(`members.signIns.outcomes.${row.outcome}`)}
        />
      ),
    },
    {
      field: 'reason',
      headerName: t('members.signIns.columns.reason'),
      minWidth: 170,
      flex: 1,
      valueGetter: (_: unknown, row: MemberSignIn) => (row.reason ? t(`members.signIns.reasons.${row.reason}`) : '—'),
    },
    {
      field: 'kinds',
      headerName: t('members.signIns.columns.kinds'),
      minWidth: 170,
      flex: 1,
      valueGetter: (_: unknown, row: MemberSignIn) => row.kinds.map((k) => kindLabel(t, k)).join(', ') || '—',
    },
    { field: 'ip', headerName: t('members.signIns.columns.ip'), minWidth: 130, flex: 0.8 },
  ];
}

/** The member's sign-ins through one channel (Web tab: web and RADIUS; Workstation tab): server-paged, newest first, filtered by outcome. */
export function SignInsPanel({ memberId, channel }: { memberId: string; channel: SignInChannelName }) {
  const { t, i18n } = useTranslation();
  const [outcome, setOutcome] = useState<SignInOutcome | null>(null);
  useFirstPageOn(outcome ?? '');
  const { page, pageSize } = usePaging();
  const list = useSignIns(memberId, { channel, page, pageSize, outcome });
  const cols = useMemo(() => columns(t, i18n.language, channel), [t, i18n.language, channel]);
  const heading = `member-sign-ins-${channel}`;
  return (
    <Stack component="section" aria-labelledby={heading} spacing={1}>
      <Typography variant="h6" component="h3" id={heading}>
        {t(`members.signIns.title.${channel}`)}
      </Typography>
      <ListPage<MemberSignIn>
        list={list}
        columns={cols}
        noRowsLabel={t(`members.signIns.noRows.${channel}`)}
        aria-labelledby={heading}
        toolbar={
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
            <Typography color="text.secondary" sx={{ flex: 1 }}>
              {t(`members.signIns.hint.${channel}`)}
            </Typography>
            <TextField
              select
              size="small"
              label={t('members.signIns.outcome')}
              value={outcome ?? 'all'}
              onChange={(e) => setOutcome(e.target.value === 'all' ? null : (e.target.value as SignInOutcome))}
              sx={{ minWidth: 180 }}
            >
              <MenuItem value="all">{t('members.signIns.allOutcomes')}</MenuItem>
              {OUTCOMES.map((o) => (
                <MenuItem key={o} value={o}>
                  {t(`members.signIns.outcomes.${o}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        }
      />
    </Stack>
  );
}
