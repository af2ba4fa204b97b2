import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Lazy route chunks are transformed on first use; under a loaded CI machine that exceeds 1 s.
configure({ asyncUtilTimeout: 5000 });

// Testing Library only auto-cleans with globals enabled; we import vitest explicitly instead.
afterEach(() => {
  cleanup();
  localStorage.clear();
});
