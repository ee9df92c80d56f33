import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@/app/app';
import { reloadOnStaleChunk } from '@/app/routing/reload-on-stale-chunk';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
reloadOnStaleChunk();

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
