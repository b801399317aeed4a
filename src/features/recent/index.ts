// What other features may use of the recent-records feature.
export { useRememberVisit } from './useRecentRecords.ts';
