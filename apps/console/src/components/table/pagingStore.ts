import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE, normalizePage, normalizePageSize } from '@portiere/contracts';
import { useEffect, useRef } from 'react';
import { createStore, useStore } from '../../lib/store';

/** Paging of the page's table (one table per page); navigation resets it. */
export const pagingStore = createStore({ page: DEFAULT_PAGE, pageSize: DEFAULT_PAGE_SIZE });

export function setPaging(page: number, pageSize: number): void {
  pagingStore.setState({ page: normalizePage(page), pageSize: normalizePageSize(pageSize) });
}

export function resetPaging(): void {
  pagingStore.setState({ page: DEFAULT_PAGE, pageSize: DEFAULT_PAGE_SIZE });
}

export function usePaging() {
  const page = useStore(pagingStore, (s) => s.page);
  const pageSize = useStore(pagingStore, (s) => s.pageSize);
  return { page, pageSize };
}

/**
 * Back to page 1 whenever `key` changes (a new search, filter or order), keeping the page size.
 * `key` is any serialisable description of what the list queries with.
 */
export function useFirstPageOn(key: string, onChange?: () => void): void {
  const previous = useRef(key);
  const changed = useRef(onChange);
  changed.current = onChange;
  useEffect(() => {
    if (previous.current === key) return;
    previous.current = key;
    setPaging(DEFAULT_PAGE, pagingStore.getState().pageSize);
    changed.current?.();
  }, [key]);
}
