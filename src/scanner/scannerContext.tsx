import type { ReactNode } from 'react';
import { serviceContext } from '../lib/serviceContext.tsx';
import type { WedgeScanner } from './wedgeScanner.ts';

const Scanner = serviceContext<WedgeScanner>('ScannerContext');

/** Gives the pages the app's one scanner, built and listening from the app's start. */
export function ScannerProvider({ scanner, children }: { scanner: WedgeScanner; children: ReactNode }) {
  return <Scanner.Provider value={scanner}>{children}</Scanner.Provider>;
}

/** The app's scanner; null where none was provided (a component rendered on its own in a test). */
export const useScanner = Scanner.useOptional;
