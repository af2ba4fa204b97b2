import type { GridColDef } from '@mui/x-data-grid';
import type { PagedList } from '@portiere/contracts';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api/apiError';
import { queryClient } from '../../lib/queryClient';
import { renderWithProviders } from '../../test/renderApp';
import { feedback } from '../feedback/feedbackStore';
import { ListPage } from './ListPage';

interface Row {
  id: string;
  name: string;
}
const columns: GridColDef<Row>[] = [{ field: 'name', headerName: 'Name', flex: 1 }];

function Page({ load }: { load: () => Promise<PagedList<Row>> }) {
  const list = useQuery({ queryKey: ['roles', 'list', 'ListPage.test'], queryFn: load, retry: false });
  return <ListPage list={list} columns={columns} noRowsLabel="Nothing here" toolbar={<h2>Toolbar</h2>} />;
}

describe('list page skeleton', { timeout: 30_000 }, () => {
  beforeEach(() => {
    queryClient.clear();
    feedback.reset();
  });

  it('shows the rows, or the empty state', async () => {
    renderWithProviders(<Page load={async () => ({ count: 0, next_page: null, results: [] })} />);
    expect(screen.getByText('Toolbar')).toBeTruthy();
    expect(await screen.findByText('Nothing here', undefined, { timeout: 20_000 })).toBeTruthy();
  });

  it('shows a failed load with Retry, which loads again', async () => {
    const user = userEvent.setup();
    const load = vi
      .fn<() => Promise<PagedList<Row>>>()
      .mockRejectedValueOnce(new ApiError(500, { reason: 'Database down.', code: 'unknown' }))
      .mockResolvedValueOnce({ count: 1, next_page: null, results: [{ id: 'r1', name: 'Auditors' }] });
    renderWithProviders(<Page load={load} />);
    const error = await screen.findByTestId('list-error', undefined, { timeout: 20_000 });
    expect(error.textContent).toContain('Database down.');
    // Said once, in place of the rows: not the empty state, not the snackbar as well.
    expect(screen.queryByText('Nothing here')).toBeNull();
    expect(screen.queryByRole('grid')).toBeNull();
    expect(feedback.store.getState().list).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('gridcell', { name: 'Auditors' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('list-error')).toBeNull());
    expect(load).toHaveBeenCalledTimes(2);
  });
});
