import {
  DataGrid,
  type DataGridProps,
  type GridRowParams,
  type GridValidRowModel,
  type MuiEvent,
  useGridApiRef,
} from '@mui/x-data-grid';
import type { MouseEvent } from 'react';
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
  /** rowCount is an estimate (count_estimated): the pagination says "about". */
  countEstimated?: boolean;
};

/**
 * A DataGrid paged by the server through the shared paging store (reset on every navigation),
 * in the user's language. Pages give rows, the total count and their columns. A failed load
 * shows its error with Retry in place of the grid: an empty grid would claim there are no rows.
 * A row that opens something on click opens it with Enter on one of its cells too (WCAG 2.1.1).
 */
export function ServerDataGrid<R extends GridValidRowModel>(allProps: Props<R>) {
  const { noRowsLabel, failure, countEstimated, apiRef: givenApiRef, onCellKeyDown, ...props } = allProps;
  const { page, pageSize } = usePaging();
  const localeText = useGridLocale(noRowsLabel, countEstimated);
  const ownApiRef = useGridApiRef();
  const apiRef = givenApiRef ?? ownApiRef;
  const { onRowClick } = props;
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
      apiRef={apiRef}
      onCellKeyDown={(params, event, details) => {
        onCellKeyDown?.(params, event, details);
        // Only Enter on the cell itself: a button, link or checkbox inside keeps its own Enter.
        if (!onRowClick || event.key !== 'Enter' || event.defaultMuiPrevented || event.target !== event.currentTarget) {
          return;
        }
        const row: GridRowParams<R> | undefined = apiRef.current?.getRowParams(params.id);
        if (!row) return;
        event.preventDefault();
        onRowClick(row, event as unknown as MuiEvent<MouseEvent<HTMLElement>>, details);
      }}
    />
  );
}
