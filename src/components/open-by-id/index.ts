// What other features may use of the open-by-id feature.
export { useOpenByIdShortcut } from './openByIdShortcut.ts';
export { OpenByIdForm } from './OpenByIdForm.tsx';
