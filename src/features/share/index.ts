// What other features and pages may use of the share-target feature.
export { SharedFilesOffer } from './SharedFilesOffer.tsx';
export { SharedFileList, sharedAt } from './SharedFileList.tsx';
export { UnclaimedShares } from './UnclaimedShares.tsx';
export { useShares } from './useShares.ts';
