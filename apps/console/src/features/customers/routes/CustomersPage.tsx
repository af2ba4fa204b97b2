import { Link, Paper } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import type { Customer } from '@portiere/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { loadFailure } from '../../../components/feedback/LoadError';
import { usePaging } from '../../../components/table/pagingStore';
import { ServerDataGrid } from '../../../components/table/ServerDataGrid';
import { formatDate } from '../../../lib/format';
import { useCustomers } from '../api/customersApi';

/** Reseller's customers with server paging; a row opens the customer's manager users. */
export default function CustomersPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { page, pageSize } = usePaging();
  const list = useCustomers(page, pageSize);

  const columns = useMemo<GridColDef<Customer>[]>(
    () => [
      { field: 'name', headerName: t('customers.name'), flex: 2, minWidth: 180 },
      { field: 'licenses', headerName: t('customers.licenses'), type: 'number', flex: 1, minWidth: 100 },
      {
        field: 'license_expiration',
        headerName: t('customers.licenseExpiration'),
        flex: 1,
        minWidth: 150,
        valueFormatter: (value: string | null) => formatDate(value, i18n.language),
      },
      { field: 'la_enabled', headerName: t('customers.laEnabled'), type: 'boolean', flex: 1, minWidth: 120 },
      {
        field: 'scripts',
        headerName: t('customers.scripts'),
        sortable: false,
        filterable: false,
        minWidth: 120,
        renderCell: ({ row }) =>
          row.la_enabled ? (
            <Link
              component={RouterLink}
              to={`/customer-view/script/${encodeURIComponent(row.id)}`}
              title={t('customers.openScripts', { name: row.name })}
              onClick={(e) => e.stopPropagation()}
            >
              {t('customers.scripts')}
            </Link>
          ) : null,
      },
    ],
    [t, i18n.language],
  );

  return (
    <Paper sx={{ width: '100%' }}>
      <ServerDataGrid
        failure={loadFailure(list)}
        rows={list.data?.results ?? []}
        rowCount={list.data?.count ?? 0}
        columns={columns}
        loading={list.isFetching}
        disableRowSelectionOnClick
        onRowClick={({ row }) =>
          navigate(`/customer-view/${encodeURIComponent(row.id)}?name=${encodeURIComponent(row.name)}`)
        }
        noRowsLabel={t('customers.noRows')}
        sx={{ minHeight: 400, '& .MuiDataGrid-row': { cursor: 'pointer' } }}
      />
    </Paper>
  );
}
