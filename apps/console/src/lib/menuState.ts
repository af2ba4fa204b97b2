import { createStore, useStore } from './store';

/** Remembered across reloads (spec section 2, layout). */
export const MENU_COLLAPSED_KEY = 'portiere-menu-collapsed';

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(MENU_COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
}

export const menuStore = createStore({ collapsed: readCollapsed(), openGroups: [] as string[] });

export function setMenuCollapsed(collapsed: boolean): void {
  localStorage.setItem(MENU_COLLAPSED_KEY, String(collapsed));
  menuStore.setState({ collapsed });
}

export function toggleMenuGroup(id: string): void {
  menuStore.setState((s) => ({
    openGroups: s.openGroups.includes(id) ? s.openGroups.filter((g) => g !== id) : [...s.openGroups, id],
  }));
}

export function openMenuGroup(id: string): void {
  menuStore.setState((s) => (s.openGroups.includes(id) ? {} : { openGroups: [...s.openGroups, id] }));
}

/** Sign-in starts with every group closed (the current route's group reopens itself). */
export function resetMenuGroups(): void {
  menuStore.setState({ openGroups: [] });
}

export function useMenuState() {
  const collapsed = useStore(menuStore, (s) => s.collapsed);
  const openGroups = useStore(menuStore, (s) => s.openGroups);
  return { collapsed, openGroups };
}
