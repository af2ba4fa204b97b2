import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, preloadDeviceApp } from './app/App';
import { matchRoute } from './app/routes';
import { applyBranding } from './lib/branding';
import './styles.css';

// Neutral colours until (and unless) the customer's branding arrives.
applyBranding(document.documentElement);

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');
const pathname = window.location.pathname;
const render = () =>
  createRoot(root).render(
    <StrictMode>
      <App pathname={pathname} />
    </StrictMode>,
  );
// The smartphone app's chunk first (see preloadDeviceApp); should it fail, the lazy route retries it.
if (matchRoute(pathname).flow === 'device') preloadDeviceApp().then(render, render);
else render();
