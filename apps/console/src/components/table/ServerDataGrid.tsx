import { DataGrid, type DataGridProps, type GridValidRowModel } from '@mui/x-data-grid';
import { useGridLocale } from '../../lib/useGridLocale';
import { LoadError, type LoadFailure } from '../feedback/LoadError';
import { setPaging, usePaging } from './pagingStore';

export const PAGE_SIZES = [10, 25, 50, 100];

type Props<R extends GridValidRowModel> = Omit<
  DataGridProps<R>,
  'paginationMode' | 'paginationModel' | 'localeText'
> & {
  /** Shown when the page has no rows (also in Italian grids). */
  noRowsLabel: string;
  /** The list could not be loaded (see loadFailure): the error with Retry instead of the grid. */
  failure?: LoadFailure | null;
};

/**
 * A DataGrid paged by the server through the shared paging store (reset on every navigation),
 * in the user's language. Pages give rows, the total count and their columns. A failed load
 * shows its error with Retry in place of the grid: an empty grid would claim there are no rows.
 */
export function ServerDataGrid<R extends GridValidRowModel>({ noRowsLabel, failure, ...props }: Props<R>) {
  const { page, pageSize } = usePaging();
  const localeText = useGridLocale(noRowsLabel);
  if (failure) return <LoadError failure={failure} data-testid="list-error" />;
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
