import { Paper, Stack } from '@mui/material';
import type { GridValidRowModel } from '@mui/x-data-grid';
import type { ItemsList, PagedList } from '@portiere/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentProps, ReactNode } from 'react';
import { loadFailure } from '../feedback/LoadError';
import { ServerDataGrid } from './ServerDataGrid';

type GridProps<R extends GridValidRowModel> = Omit<
  ComponentProps<typeof ServerDataGrid<R>>,
  'rows' | 'rowCount' | 'loading' | 'noRowsLabel' | 'columns' | 'failure'
>;

export interface ListPageProps<R extends GridValidRowModel> extends GridProps<R> {
  /** The page's list query, paged by the server through the shared paging store (either list style). */
  list: UseQueryResult<PagedList<R> | ItemsList<R>>;
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
  const data = list.data;
  const rows = data ? ('items' in data ? data.items : data.results) : [];
  return (
    <Stack spacing={2}>
      {toolbar}
      <Paper sx={{ width: '100%' }}>
        <ServerDataGrid<R>
          failure={loadFailure(list)}
          rows={rows}
          rowCount={list.data?.count ?? 0}
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
