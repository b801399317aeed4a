// What routes may use of the app shell: the layout around every private page.
export { AppShellLayout } from './AppShellLayout.tsx';
