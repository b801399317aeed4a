// What other features and pages may use of the pins feature (pinning records for a shift offline).
export { PinControl, type PinnableRecord } from './PinControl.tsx';
export { PinnableRow } from './PinnableRow.tsx';
export { KeptForOfflinePanel } from './KeptForOfflinePanel.tsx';
