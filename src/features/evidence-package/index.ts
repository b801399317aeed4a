// What other features and pages may use of the evidence package (every file of a record in one ZIP).
export { DownloadAllButton } from './DownloadAllButton.tsx';
export type { PackageKind } from './packageListing.ts';
