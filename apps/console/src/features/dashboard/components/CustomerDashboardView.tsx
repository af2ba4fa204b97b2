import { Box, Skeleton, Stack, Typography, useTheme } from '@mui/material';
import { type CustomerDashboard, DASHBOARD_SIGN_IN_DAYS } from '@portiere/contracts';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { countAxis, countsToSeries, licensesUsedPercent } from '../lib/dashboardFigures';
import { Figure, Panel } from './Figures';

// The charts library is big: its own chunk, loaded after the figures are on screen.
const BarChart = lazy(() => import('@mui/x-charts/BarChart').then((m) => ({ default: m.BarChart })));
const Gauge = lazy(() => import('@mui/x-charts/Gauge').then((m) => ({ default: m.Gauge })));

function ChartSlot({ height, width, children }: { height: number; width?: number; children: ReactNode }) {
  return <Suspense fallback={<Skeleton variant="rounded" height={height} width={width} />}>{children}</Suspense>;
}

function CredentialsChart({
  counts,
  testId,
  label,
}: {
  counts: Record<string, number>;
  testId: string;
  label: string;
}) {
  const { t } = useTranslation();
  const series = countsToSeries(counts);
  const typeLabel = (type: string) => t(`common.credentialTypes.${type}`, { defaultValue: type });
  if (series.length === 0)
    return (
      <Typography color="text.secondary" data-testid={`${testId}-empty`}>
        {t('dashboard.noCredentials')}
      </Typography>
    );
  return (
    <Box>
      <ChartSlot height={Math.max(160, 36 * series.length + 40)}>
        <BarChart
          height={Math.max(160, 36 * series.length + 40)}
          layout="horizontal"
          dataset={series.map((s) => ({ ...s, label: typeLabel(s.type) }))}
          yAxis={[{ scaleType: 'band', dataKey: 'label', width: 110 }]}
          xAxis={[countAxis(series.map((s) => s.count))]}
          series={[{ dataKey: 'count', label }]}
          hideLegend
          margin={{ left: 0, right: 16, top: 8, bottom: 8 }}
        />
      </ChartSlot>
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, listStyle: 'none', p: 0, m: 0 }}>
        {series.map((s) => (
          <Typography component="li" variant="body2" key={s.type}>
            {typeLabel(s.type)}: <span data-testid={`${testId}-${s.type}`}>{s.count}</span>
          </Typography>
        ))}
      </Box>
    </Box>
  );
}

/** Recovery modes as bars like the users chart: active now, and ended (activated so far but over). */
function RecoveryChart({ active, total }: { active: number; total: number }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const ended = Math.max(0, total - active);
  return (
    <Box
      data-testid="dash-recovery-chart"
      role="img"
      aria-label={t('dashboard.recovery.chartLabel', { active, ended })}
    >
      <ChartSlot height={170}>
        <BarChart
          height={170}
          xAxis={[{ scaleType: 'band', data: [t('dashboard.recovery.active'), t('dashboard.recovery.ended')] }]}
          yAxis={[countAxis([active, ended])]}
          series={[{ data: [active, ended], label: t('dashboard.recovery.title'), color: theme.palette.warning.main }]}
          hideLegend
          margin={{ left: 0, right: 8, top: 16, bottom: 0 }}
        />
      </ChartSlot>
    </Box>
  );
}

/** The figures and charts of one customer (users, credentials, recovery modes, licenses). */
export function CustomerDashboardView({ data }: { data: CustomerDashboard }) {
  const { t, i18n } = useTranslation();
  const { users, licenses, recovery_modes } = data;
  const used = licensesUsedPercent(licenses);
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', xl: 'repeat(3, 1fr)' },
      }}
    >
      <Panel title={t('dashboard.users.title')}>
        <Stack direction="row" spacing={3} sx={{ flexWrap: 'wrap' }}>
          <Figure label={t('dashboard.users.total')} value={users.total} testId="dash-users-total" />
          <Figure label={t('dashboard.users.enrolled')} value={users.enrolled} testId="dash-users-enrolled" />
          <Figure
            label={t('dashboard.users.blocked')}
            value={users.blocked}
            testId="dash-users-blocked"
            color="error.main"
          />
        </Stack>
        {users.total > 0 && (
          <ChartSlot height={170}>
            <BarChart
              height={170}
              xAxis={[
                {
                  scaleType: 'band',
                  data: [t('dashboard.users.total'), t('dashboard.users.enrolled'), t('dashboard.users.blocked')],
                },
              ]}
              yAxis={[countAxis([users.total, users.enrolled, users.blocked])]}
              series={[{ data: [users.total, users.enrolled, users.blocked], label: t('dashboard.users.title') }]}
              hideLegend
              margin={{ left: 0, right: 8, top: 16, bottom: 0 }}
            />
          </ChartSlot>
        )}
      </Panel>
      <Panel title={t('dashboard.webCredentials')} testId="dash-web-credentials">
        <SignInFigures counts={data.sign_ins.web} testId="dash-web-sign-ins" />
        <CredentialsChart counts={data.web_credentials} testId="dash-web" label={t('dashboard.webCredentials')} />
      </Panel>
      <Panel title={t('dashboard.workstationCredentials')} testId="dash-workstation-credentials">
        <SignInFigures counts={data.sign_ins.workstation} testId="dash-workstation-sign-ins" />
        <CredentialsChart
          counts={data.workstation_credentials}
          testId="dash-workstation"
          label={t('dashboard.workstationCredentials')}
        />
      </Panel>
      <Panel title={t('dashboard.recovery.title')} testId="dash-recovery">
        <Stack direction="row" spacing={3}>
          <Figure
            label={t('dashboard.recovery.active')}
            value={recovery_modes.active}
            testId="dash-recovery-active"
            color={recovery_modes.active > 0 ? 'warning.main' : undefined}
          />
          <Figure label={t('dashboard.recovery.total')} value={recovery_modes.total} testId="dash-recovery-total" />
        </Stack>
        {/* Always drawn, zeros included: the panel is one of the dashboard's five charts. */}
        <RecoveryChart active={recovery_modes.active} total={recovery_modes.total} />
      </Panel>
      <Panel title={t('dashboard.licenses.title')}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <ChartSlot height={140} width={140}>
            <Gauge
              width={140}
              height={140}
              value={used}
              startAngle={-110}
              endAngle={110}
              text={`${used}%`}
              aria-label={t('dashboard.licenses.usedPercent', { percent: used })}
            />
          </ChartSlot>
          <Stack spacing={1}>
            <Figure
              label={t('dashboard.licenses.remaining')}
              value={licenses.remaining}
              testId="dash-licenses-remaining"
              color={licenses.remaining <= 0 ? 'error.main' : undefined}
            />
            <Typography variant="body2" data-testid="dash-licenses-text">
              {t('dashboard.licenses.usedOf', { used: licenses.used, total: licenses.total })}
            </Typography>
            {licenses.expiration && (
              <Typography variant="body2" color="text.secondary">
                {t('dashboard.licenses.expiration', { date: formatDate(licenses.expiration, i18n.language) })}
              </Typography>
            )}
          </Stack>
        </Stack>
      </Panel>
    </Box>
  );
}

/** How often a channel's credentials were really used: its sign-ins of the last days, and those that failed. */
function SignInFigures({ counts, testId }: { counts: { success: number; failure: number }; testId: string }) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={3} sx={{ mb: 1 }}>
      <Figure
        label={t('dashboard.signIns.success', { days: DASHBOARD_SIGN_IN_DAYS })}
        value={counts.success}
        testId={`${testId}-success`}
      />
      <Figure
        label={t('dashboard.signIns.failure')}
        value={counts.failure}
        testId={`${testId}-failure`}
        color={counts.failure > 0 ? 'error.main' : undefined}
      />
    </Stack>
  );
}
