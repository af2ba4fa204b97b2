import CloseIcon from '@mui/icons-material/Close';
import { Box, Divider, Drawer, IconButton, Link, Stack, Typography } from '@mui/material';
import type { WorkstationUser } from '@portiere/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { MemberPanel } from '../../../components/members/memberPanels';

/** A member's workstation access at hand: temporary card and recovery, beside the list. */
export function MemberWorkstationDrawer({ user, onClose }: { user: WorkstationUser | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer anchor="right" open={Boolean(user)} onClose={onClose}>
      {user && (
        <Box sx={{ width: { xs: '100vw', sm: 520 }, p: 3 }} role="region" aria-label={user.username}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mb: 2 }}>
            <Box sx={{ flex: 1 }}>
              <Typography variant="h6" component="h2" data-testid="workstation-drawer-title">
                {user.full_name || user.username}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {user.username}
              </Typography>
              <Link component={RouterLink} to={`/users/${encodeURIComponent(user.id)}`} variant="body2">
                {t('workstationUsers.openMember')}
              </Link>
            </Box>
            <IconButton aria-label={t('common.close')} onClick={onClose}>
              <CloseIcon />
            </IconButton>
          </Stack>
          <Stack spacing={3} divider={<Divider flexItem />}>
            <MemberPanel kind="TemporaryCard" memberId={user.id} />
            <MemberPanel kind="Recovery" memberId={user.id} />
          </Stack>
        </Box>
      )}
    </Drawer>
  );
}
