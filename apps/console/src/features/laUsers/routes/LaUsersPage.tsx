import { Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useListQuery } from '../../../components/filters/useListQuery';
import { SearchField } from '../../../components/SearchField';
import { useLaLoginGroupChoices } from '../api/laUsersApi';
import { LaUsersList } from '../components/LaUsersList';
import { laUserFilterDefinitions, laUserQueryOf } from '../lib/laUserForm';

/** Every member's login-assistant credentials, filtered by login group and autologon, searched. */
export default function LaUsersPage() {
  const { t } = useTranslation();
  const groups = useLaLoginGroupChoices().data;
  const definitions = useMemo(
    () => laUserFilterDefinitions((groups ?? []).map((g) => ({ value: g.id, label: g.name }))),
    [groups],
  );
  const { query, searchText, setSearchText } = useListQuery(definitions, laUserQueryOf);
  return (
    <Stack spacing={1}>
      <Typography variant="body2" color="text.secondary">
        {t('laUsers.intro')}
      </Typography>
      <LaUsersList
        query={query}
        toolbar={<SearchField label={t('laUsers.search')} value={searchText} onChange={setSearchText} />}
        addLabel={t('laUsers.new')}
        noRowsLabel={t('laUsers.noRows')}
      />
    </Stack>
  );
}
