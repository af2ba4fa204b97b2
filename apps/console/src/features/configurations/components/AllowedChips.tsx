import { Chip, Stack } from '@mui/material';
import type { Configuration } from '@portiere/contracts';
import { CONFIGURATION_CREDENTIAL_TYPES } from '@portiere/contracts';
import { useTranslation } from 'react-i18next';

/** Available credential kinds as chips (forbidden ones struck through and greyed). */
export function AllowedChips({ group, showForbidden = false }: { group: Configuration; showForbidden?: boolean }) {
  const { t } = useTranslation();
  const allowed = new Set<string>(group.allowed);
  return (
    <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
      {CONFIGURATION_CREDENTIAL_TYPES.filter((k) => showForbidden || allowed.has(k)).map((k) => (
        <Chip
          key={k}
          size="small"
          variant={allowed.has(k) ? 'outlined' : 'filled'}
          color={allowed.has(k) ? 'primary' : 'default'}
          label={t(`configurations.kinds.${k}`)}
          data-testid={`allowed-${k}`}
          data-allowed={allowed.has(k)}
          // Dimmed by a lighter text colour, not by opacity, so it keeps the 4.5:1 contrast of WCAG AA.
          sx={allowed.has(k) ? undefined : { textDecoration: 'line-through', color: 'text.secondary' }}
        />
      ))}
    </Stack>
  );
}
