import './theme/fonts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { startKeepAlive } from './shell/keepAlive';

// Once per page load, outside React so StrictMode's double effects cannot start it twice.
startKeepAlive();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
