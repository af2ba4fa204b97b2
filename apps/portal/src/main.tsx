import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { applyBranding } from './lib/branding';
import './styles.css';

// Neutral colours until (and unless) the customer's branding arrives.
applyBranding(document.documentElement);

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
createRoot(root).render(
  <StrictMode>
    <App pathname={window.location.pathname} />
  </StrictMode>,
);
