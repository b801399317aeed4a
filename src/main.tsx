import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { createRoot } from 'react-dom/client';
import { startApp } from './app/startApp';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');
void startApp(createRoot(container));
