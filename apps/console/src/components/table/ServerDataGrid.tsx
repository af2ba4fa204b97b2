import { DataGrid, type DataGridProps, type GridValidRowModel } from '@mui/x-data-grid';
import { useGridLocale } from '../../lib/useGridLocale';
import { setPaging, usePaging } from './pagingStore';

export const PAGE_SIZES = [10, 25, 50, 100];

type Props<R extends GridValidRowModel> = Omit<
  DataGridProps<R>,
  'paginationMode' | 'paginationModel' | 'localeText'
> & {
  /** Shown when the page has no rows (also in Italian grids). */
  noRowsLabel: string;
};

/**
 * A DataGrid paged by the server through the shared paging store (reset on every navigation),
 * in the user's language. Pages give rows, the total count and their columns.
 */
export function ServerDataGrid<R extends GridValidRowModel>({ noRowsLabel, ...props }: Props<R>) {
  const { page, pageSize } = usePaging();
  const localeText = useGridLocale(noRowsLabel);
  return (
    <DataGrid<R>
      paginationMode="server"
      paginationModel={{ page: page - 1, pageSize }}
      onPaginationModelChange={(m) => setPaging(m.page + 1, m.pageSize)}
      pageSizeOptions={PAGE_SIZES}
      disableColumnMenu
      disableColumnFilter
      localeText={localeText}
      {...props}
    />
  );
}
