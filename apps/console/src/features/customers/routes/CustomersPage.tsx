import AddIcon from '@mui/icons-material/Add';
import DescriptionIcon from '@mui/icons-material/Description';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import { Box, Button, Chip, Stack, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { Customer } from '@portiere/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { openDialog } from '../../../components/dialogs/dialogRegistry';
import type { FilterDefinitionOf } from '../../../components/filters/filterTypes';
import { useListQuery } from '../../../components/filters/useListQuery';
import { SearchField } from '../../../components/SearchField';
import { ListPage } from '../../../components/table/ListPage';
import { usePaging } from '../../../components/table/pagingStore';
import { RowActions } from '../../../components/table/RowActions';
import { formatDate } from '../../../lib/format';
import { type CustomerQuery, useCustomers } from '../api/customersApi';
import { CUSTOMER_FORM_DIALOG, CustomerFormDialog } from '../components/CustomerFormDialog';

const managerUsersPath = (c: Customer) =>
  `/customer-view/${encodeURIComponent(c.id)}?name=${encodeURIComponent(c.name)}`;

/** The drawer of the customers list: with or without the login assistant. */
const CUSTOMER_FILTERS: FilterDefinitionOf<CustomerQuery>[] = [
  { type: 'triMode', key: 'la_enabled', label: 'customers.filters.withLa', secondLabel: 'customers.filters.withoutLa' },
];

/**
 * The reseller's customers with server paging; a row (click or Enter) opens the customer's
 * manager users; its actions edit it and open its scripts (login assistant customers only).
 */
export default function CustomersPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { page, pageSize } = usePaging();
  const { query, searchText, setSearchText } = useListQuery<CustomerQuery>(CUSTOMER_FILTERS);
  const list = useCustomers(page, pageSize, query);

  const columns = useMemo<GridColDef<Customer>[]>(
    () => [
      { field: 'name', headerName: t('customers.columns.name'), flex: 1.5, minWidth: 140 },
      {
        field: 'domain',
        headerName: t('customers.columns.domain'),
        flex: 1,
        minWidth: 110,
        valueFormatter: (value: string) => value || '—',
      },
      {
        field: 'licenses',
        headerName: t('customers.columns.licenses'),
        minWidth: 160,
        valueGetter: (_v, row) => t('customers.licensesUsed', { used: row.members_count, total: row.licenses }),
      },
      {
        field: 'license_expiration',
        headerName: t('customers.columns.licenseExpiration'),
        minWidth: 130,
        valueFormatter: (value: string | null) => formatDate(value, i18n.language),
      },
      {
        field: 'la_enabled',
        headerName: t('customers.columns.laEnabled'),
        minWidth: 120,
        renderCell: ({ row }) => (
          <Chip
            size="small"
            variant="outlined"
            color={row.la_enabled ? 'success' : 'default'}
            label={t(row.la_enabled ? 'common.enabled' : 'common.disabled')}
          />
        ),
      },
      { field: 'members_count', headerName: t('customers.columns.members'), type: 'number', minWidth: 100 },
      {
        field: 'manager_users_count',
        headerName: t('customers.columns.managerUsers'),
        type: 'number',
        minWidth: 120,
      },
      {
        field: 'actions',
        headerName: t('customers.columns.actions'),
        sortable: false,
        minWidth: 150,
        renderCell: ({ row }) => (
          <RowActions
            actions={[
              {
                title: t('customers.managerUsers'),
                label: t('customers.openManagerUsers', { name: row.name }),
                icon: <ManageAccountsIcon fontSize="small" />,
                to: managerUsersPath(row),
              },
              ...(row.la_enabled
                ? [
                    {
                      title: t('customers.scripts'),
                      label: t('customers.openScripts', { name: row.name }),
                      icon: <DescriptionIcon fontSize="small" />,
                      to: `/customer-view/script/${encodeURIComponent(row.id)}`,
                    },
                  ]
                : []),
            ]}
            edit={{
              title: t('customers.edit'),
              label: t('customers.editNamed', { name: row.name }),
              onClick: () => openDialog(CUSTOMER_FORM_DIALOG, row),
            }}
          />
        ),
      },
    ],
    [t, i18n.language],
  );

  return (
    <ListPage
      list={list}
      columns={columns}
      noRowsLabel={t('customers.noRows')}
      onRowClick={({ row }) => navigate(managerUsersPath(row as Customer))}
      sx={{ minHeight: 400, '& .MuiDataGrid-row': { cursor: 'pointer' } }}
      toolbar={
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={1} sx={{ alignItems: { md: 'center' } }}>
          <Typography variant="body2" color="text.secondary">
            {t('customers.intro')}
          </Typography>
          <SearchField label={t('customers.search')} value={searchText} onChange={setSearchText} />
          <Box sx={{ flex: 1 }} />
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            aria-haspopup="dialog"
            onClick={() => openDialog(CUSTOMER_FORM_DIALOG, null)}
          >
            {t('customers.new')}
          </Button>
        </Stack>
      }
    >
      <CustomerFormDialog />
    </ListPage>
  );
}
