import { Alert, Box, Paper, Stack, Tab, Tabs } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadError, loadFailure } from '../../../components/feedback/LoadError';
import { Spinner } from '../../../components/loading/LoadingOverlay';
import { LaUsersPanel } from '../../../components/loginAssistant/laUsersPanel';
import { PageHeader } from '../../../components/PageHeader';
import { resetPaging } from '../../../components/table/pagingStore';
import { isApiError } from '../../../lib/api/apiError';
import { useLoginGroup } from '../api/loginGroupsApi';
import { LoginGroupAppsTab } from '../components/LoginGroupAppsTab';
import { LoginGroupInfoTab } from '../components/LoginGroupInfoTab';

const TABS = ['info', 'applications', 'credentials'] as const;
type TabId = (typeof TABS)[number];

/** A login group (header hidden: title and back button here) with the tabs Info, Applications and Credentials. */
export default function LoginGroupPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const group = useLoginGroup(id);
  const [tab, setTab] = useState<TabId>('info');
  const notFound = group.isError && isApiError(group.error) && group.error.status === 404;
  const failure = loadFailure(group);

  if (group.isPending) return <Spinner />;
  if (!group.data)
    return (
      <Stack spacing={2}>
        <PageHeader title={t('routes.loginGroups')} backTo="/login-groups" />
        {notFound || !failure ? (
          <Alert severity="warning">{t('loginGroups.detail.notFound')}</Alert>
        ) : (
          <LoadError failure={failure} />
        )}
      </Stack>
    );
  const g = group.data;
  return (
    <Stack spacing={2}>
      <PageHeader title={g.name} backTo="/login-groups" />
      <Paper>
        <Tabs
          value={tab}
          onChange={(_, v: TabId) => {
            // Each tab's list starts on its first page.
            resetPaging();
            setTab(v);
          }}
        >
          {TABS.map((tid) => (
            <Tab key={tid} value={tid} label={t(`loginGroups.detail.tabs.${tid}`)} id={`login-group-tab-${tid}`} />
          ))}
        </Tabs>
        <Box sx={{ p: 3 }} role="tabpanel" aria-labelledby={`login-group-tab-${tab}`}>
          {tab === 'info' && <LoginGroupInfoTab key={`${g.id}-${g.name}-${g.description}`} group={g} />}
          {tab === 'applications' && <LoginGroupAppsTab groupId={g.id} />}
          {tab === 'credentials' && <LaUsersPanel loginGroupId={g.id} />}
        </Box>
      </Paper>
    </Stack>
  );
}
