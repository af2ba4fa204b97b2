import { Alert, Button, Paper, Stack } from '@mui/material';
import type { GridValidRowModel } from '@mui/x-data-grid';
import type { PagedList } from '@portiere/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/i18n/errorMessage';
import { useQueryErrorFeedback } from '../feedback/useQueryErrorFeedback';
import { ServerDataGrid } from './ServerDataGrid';

type GridProps<R extends GridValidRowModel> = Omit<
  ComponentProps<typeof ServerDataGrid<R>>,
  'rows' | 'rowCount' | 'loading' | 'noRowsLabel' | 'columns'
>;

export interface ListPageProps<R extends GridValidRowModel> extends GridProps<R> {
  /** The page's list query, paged by the server through the shared paging store. */
  list: UseQueryResult<PagedList<R>>;
  columns: ComponentProps<typeof ServerDataGrid<R>>['columns'];
  /** The empty state. */
  noRowsLabel: string;
  /** Above the list: intro, search field, actions. */
  toolbar?: ReactNode;
  /** The page's dialogs and drawers. */
  children?: ReactNode;
}

/**
 * The skeleton of a list page: toolbar, then the server-paged grid with its loading and empty
 * states, or the error with Retry when the list could not be loaded; the page's dialogs last.
 */
export function ListPage<R extends GridValidRowModel>(props: ListPageProps<R>) {
  const { list, columns, noRowsLabel, toolbar, children, sx, ...grid } = props;
  const { t } = useTranslation();
  useQueryErrorFeedback(list);
  const failed = list.isError && !list.isFetching;
  return (
    <Stack spacing={2}>
      {toolbar}
      {failed && (
        <Alert
          severity="error"
          data-testid="list-error"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {errorMessage(t, list.error)}
        </Alert>
      )}
      <Paper sx={{ width: '100%' }}>
        <ServerDataGrid<R>
          rows={failed ? [] : (list.data?.results ?? [])}
          rowCount={failed ? 0 : (list.data?.count ?? 0)}
          columns={columns}
          loading={list.isFetching}
          disableColumnSorting
          disableRowSelectionOnClick
          noRowsLabel={noRowsLabel}
          sx={{ minHeight: 300, ...sx }}
          {...grid}
        />
      </Paper>
      {children}
    </Stack>
  );
}
