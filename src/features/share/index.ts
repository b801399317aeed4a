// What other features may use of the share-target feature.
export { SharedFilesOffer } from './SharedFilesOffer.tsx';
