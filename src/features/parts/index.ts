// What other features may use of the parts feature.
export { partIdsByNumber } from './partIdsByNumber.ts';
export { PARTS_LIST } from './partsList.tsx';
