// What other features may use of the recent-records feature.
export { useRecentRecords, useRememberVisit } from './useRecentRecords.ts';
export { RecentRecordLinks, RecentRecordsList } from './RecentRecordsList.tsx';
