// What other features may use of the evidence feature.
export { EvidenceSlots } from './EvidenceSlots.tsx';
export { RunStepsEvidence } from './RunStepsEvidence.tsx';
export { isEvidenceField } from './evidenceState.ts';
