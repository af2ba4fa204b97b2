import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../app/App';

/** The portal as a browser opening `path`. */
export function renderAt(path: string) {
  const user = userEvent.setup();
  return { user, ...render(<App pathname={path} />) };
}
