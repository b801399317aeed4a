// What other features may use of the label feature.
export { RecordLabelButton } from './RecordLabelButton.tsx';
