import { createContext, useContext, type ReactNode } from 'react';
import type { WedgeScanner } from './wedgeScanner.ts';

const ScannerContext = createContext<WedgeScanner | null>(null);

/** Gives the pages the app's one scanner, built and listening from the app's start. */
export function ScannerProvider({ scanner, children }: { scanner: WedgeScanner; children: ReactNode }) {
  return <ScannerContext.Provider value={scanner}>{children}</ScannerContext.Provider>;
}

/** The app's scanner; null where none was provided (a component rendered on its own in a test). */
export function useScanner(): WedgeScanner | null {
  return useContext(ScannerContext);
}
