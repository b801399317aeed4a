import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { createRoot } from 'react-dom/client';
import { startApp } from './app/startApp.ts';
import { registerAppServiceWorker } from './pwa/registerAppServiceWorker.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');
// Registered first, so the app's code is kept for offline use even when this start fails.
const updates = registerAppServiceWorker();
void startApp(createRoot(container), fetch, updates);
