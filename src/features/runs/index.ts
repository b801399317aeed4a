// What other features may use of the runs feature.
export { runsBySerial, type SerialMatch } from './runsBySerial.ts';
export { partRevisionText } from './runRow.ts';
export { relatedRuns, runStepLinkText } from './relatedRuns.tsx';
export { RUNS_LIST } from './runsList.tsx';
