import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Testing Library only auto-cleans with globals enabled; we import vitest explicitly instead.
afterEach(() => {
  cleanup();
  localStorage.clear();
  // The page paints branding on <html> and names itself: each test starts unbranded.
  document.documentElement.removeAttribute('style');
  document.documentElement.lang = '';
  document.title = '';
});
