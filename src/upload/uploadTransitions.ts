import type { StepAction } from './uploadSteps.ts';
import type { UploadState } from './types.ts';

/** What can happen to a file: the pipeline moving it on, or the technician acting on it. */
export type UploadAction =
  | StepAction
  | 'attach'
  | 'fail'
  | 'cancel'
  | 'hold-for-markup'
  | 'send-original'
  | 'retry'
  | 'rename'
  | 'move'
  | 'remove';

/** A file not being registered yet may be stopped: cancelled, held for mark-up, or sent as its original. */
const notRegisteringYet = {
  fail: 'failed',
  cancel: 'cancelled',
  'hold-for-markup': 'queued',
  'send-original': 'queued',
} as const;

/**
 * Every state a file can be in, the actions each allows and the state each leads to: the one place
 * that says what can be done to a file when. Not listed: not allowed.
 */
export const TRANSITIONS = {
  queued: { ...notRegisteringYet, 'request-ticket': 'ticket', register: 'registering' },
  ticket: { ...notRegisteringYet, 'request-ticket': 'ticket', put: 'uploading' },
  uploading: { ...notRegisteringYet, 'request-ticket': 'ticket', register: 'registering' },
  // Nothing the technician does stops a registration: the server may already have the attachment.
  // A stored object the server does not confirm is uploaded again (a new ticket).
  registering: { 'request-ticket': 'ticket', attach: 'attached', fail: 'failed' },
  attached: { remove: 'attached' },
  failed: { retry: 'queued', rename: 'queued', move: 'queued', 'send-original': 'queued', remove: 'failed' },
  cancelled: { retry: 'queued', move: 'queued', 'send-original': 'queued', remove: 'cancelled' },
} as const satisfies Record<UploadState, Partial<Record<UploadAction, UploadState>>>;

/** The state `action` leads to from `state`, or undefined when it is not allowed there. */
export function nextState(state: UploadState, action: UploadAction): UploadState | undefined {
  return (TRANSITIONS[state] as Partial<Record<UploadAction, UploadState>>)[action];
}

export function allows(state: UploadState, action: UploadAction): boolean {
  return nextState(state, action) !== undefined;
}
