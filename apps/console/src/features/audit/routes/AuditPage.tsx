import { Box, Stack, Typography } from '@mui/material';
import { AUDIT_ACTIONS, AUDIT_OUTCOMES, AUDIT_TARGET_TYPES } from '@portiere/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useListQuery } from '../../../components/filters/useListQuery';
import { useClaims } from '../../../lib/auth/tokenStorage';
import { AuditEventsGrid } from '../components/AuditEventsGrid';
import { AuditExportMenu } from '../components/AuditExportMenu';
import { VerifyIntegrity } from '../components/VerifyIntegrity';
import { auditFilterDefinitions, auditQueryOf } from '../lib/auditQuery';

/** The audit trail: events with drawer filters, their detail, the integrity check and export. */
export default function AuditPage() {
  const { t } = useTranslation();
  const reseller = useClaims()?.user_type === 'ResellerUser';
  // The filters offer labels in the current language but hold codes.
  const definitions = useMemo(
    () =>
      auditFilterDefinitions({
        actions: AUDIT_ACTIONS.map((a) => ({ value: a, label: t(`audit.actions.${a}`) })),
        targetTypes: AUDIT_TARGET_TYPES.map((ty) => ({ value: ty, label: t(`audit.targetTypes.${ty}`) })),
        outcomes: AUDIT_OUTCOMES.map((o) => ({ value: o, label: t(`audit.outcomes.${o}`) })),
      }),
    [t],
  );
  const { query } = useListQuery(definitions, auditQueryOf);

  return (
    <AuditEventsGrid
      query={query}
      withTenant={reseller}
      noRowsLabel={t('audit.noRows')}
      toolbar={
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
          <Typography variant="body2" color="text.secondary" sx={{ flex: 1, pt: 1 }}>
            {t('audit.intro')}
          </Typography>
          <Box>
            <VerifyIntegrity />
          </Box>
          <AuditExportMenu query={query} />
        </Stack>
      }
    />
  );
}
