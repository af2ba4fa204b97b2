import VerifiedIcon from '@mui/icons-material/VerifiedUser';
import { Alert, Button, Stack } from '@mui/material';
import type { AuditVerify } from '@portiere/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useVerifyAudit } from '../api/auditApi';

/** "Verify integrity": re-checks every chain the user sees and says OK, or where a chain breaks. */
export function VerifyIntegrity() {
  const { t } = useTranslation();
  const [result, setResult] = useState<AuditVerify | null>(null);
  const verify = useVerifyAudit({ onSuccess: setResult });
  const checked = result?.chains.reduce((n, c) => n + c.checked, 0) ?? 0;
  const broken = result?.chains.filter((c) => !c.ok) ?? [];
  return (
    <Stack spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Button
        variant="outlined"
        startIcon={<VerifiedIcon />}
        disabled={verify.isPending}
        onClick={() => {
          setResult(null);
          void verify.run();
        }}
      >
        {t('audit.verify.button')}
      </Button>
      {result && (
        <Alert severity={result.ok ? 'success' : 'error'} data-testid="audit-verify-status" role="status">
          {result.ok
            ? checked > 0
              ? t('audit.verify.ok', { count: checked })
              : t('audit.verify.empty')
            : broken.map((c) => (
                <div key={c.tenant_id}>
                  {t('audit.verify.broken', { tenant: c.tenant_name, seq: c.first_broken_seq ?? '?' })}
                </div>
              ))}
        </Alert>
      )}
    </Stack>
  );
}
