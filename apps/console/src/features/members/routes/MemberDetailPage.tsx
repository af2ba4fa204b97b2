import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Alert, Box, Button, IconButton, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { LoadError, loadFailure } from '../../../components/feedback/LoadError';
import { useQueryErrorFeedback } from '../../../components/feedback/useQueryErrorFeedback';
import { Spinner } from '../../../components/loading/LoadingOverlay';
import { LaUsersPanel } from '../../../components/loginAssistant/laUsersPanel';
import { MemberPanel } from '../../../components/members/memberPanels';
import { resetPaging } from '../../../components/table/pagingStore';
import { isApiError } from '../../../lib/api/apiError';
import { meQuery } from '../../../lib/session';
import { useMember } from '../api/membersApi';
import { CredentialsTab } from '../components/CredentialsTab';
import { PersonalInfoTab } from '../components/PersonalInfoTab';
import { SignInsPanel } from '../components/SignInsPanel';

const TABS = ['personal', 'recovery', 'credentials', 'web', 'workstation', 'loginAssistant', 'activity'] as const;
type TabId = (typeof TABS)[number];

/**
 * One member: Personal Info, Recovery Modes, Credentials, Web, Workstation, Login Assistant (when
 * the customer has it) and Activity tabs.
 */
export default function MemberDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const member = useMember(id);
  const [tab, setTab] = useState<TabId>('personal');
  const laEnabled = Boolean(useQuery(meQuery()).data?.customer?.la_enabled);
  const tabs = TABS.filter((id) => id !== 'loginAssistant' || laEnabled);
  const notFound = member.isError && isApiError(member.error) && member.error.status === 404;

  // A failed load is said in the page (with Retry); a failed refresh of a shown member in the snackbar.
  useQueryErrorFeedback({ isError: member.isError && Boolean(member.data), error: member.error });
  const failure = loadFailure(member);

  const back = (
    <IconButton aria-label={t('members.detail.backToList')} onClick={() => navigate('/users')}>
      <ArrowBackIcon />
    </IconButton>
  );

  if (!member.data && !notFound && !failure) return <Spinner />;
  if (!member.data) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        {notFound || !failure ? (
          <Alert severity="warning">{t('members.detail.notFound')}</Alert>
        ) : (
          <LoadError failure={failure} />
        )}
        <Button startIcon={<ArrowBackIcon />} onClick={() => navigate('/users')}>
          {t('members.detail.backToList')}
        </Button>
      </Stack>
    );
  }
  const m = member.data;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {back}
        <Box>
          <Typography variant="h5" component="h2" data-testid="member-title">
            {m.full_name || m.username}
          </Typography>
          {m.full_name && (
            <Typography variant="body2" color="text.secondary">
              {m.username}
            </Typography>
          )}
        </Box>
      </Stack>
      <Paper>
        <Tabs
          value={tab}
          onChange={(_, v: TabId) => {
            // The web login history and the activity are paged: each tab starts on its first page.
            resetPaging();
            setTab(v);
          }}
          variant="scrollable"
          scrollButtons="auto"
        >
          {tabs.map((id) => (
            <Tab key={id} value={id} label={t(`members.detail.tabs.${id}`)} id={`member-tab-${id}`} />
          ))}
        </Tabs>
        <Box sx={{ p: 3 }} role="tabpanel" aria-labelledby={`member-tab-${tab}`}>
          {tab === 'personal' && <PersonalInfoTab member={m} />}
          {tab === 'recovery' && <MemberPanel kind="Recovery" memberId={m.id} />}
          {tab === 'credentials' && <CredentialsTab member={m} view="all" />}
          {tab === 'web' && (
            <Stack spacing={3}>
              <CredentialsTab member={m} view="web" />
              <SignInsPanel memberId={m.id} channel="web" />
              <SignInsPanel memberId={m.id} channel="radius" />
            </Stack>
          )}
          {tab === 'workstation' && (
            <Stack spacing={3}>
              <MemberPanel kind="TemporaryCard" memberId={m.id} />
              <CredentialsTab member={m} view="workstation" />
              <SignInsPanel memberId={m.id} channel="workstation" />
              <MemberPanel kind="Offline" memberId={m.id} />
            </Stack>
          )}
          {tab === 'loginAssistant' && laEnabled && (
            <LaUsersPanel member={{ id: m.id, username: m.username, full_name: m.full_name }} />
          )}
          {tab === 'activity' && <MemberPanel kind="Activity" memberId={m.id} />}
        </Box>
      </Paper>
    </Stack>
  );
}
