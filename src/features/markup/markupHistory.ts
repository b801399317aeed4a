import type { Shape } from './shapeModel.ts';

/** The marks now, with what undo and redo step back and forth through. */
export interface MarkupHistory {
  past: (readonly Shape[])[];
  present: readonly Shape[];
  future: (readonly Shape[])[];
}

export type HistoryAction =
  { type: 'commit'; shapes: readonly Shape[] } | { type: 'undo' } | { type: 'redo' };

/** Enough steps for a long session; the oldest fall off so memory stays bounded. */
const maxSteps = 200;

export function startHistory(shapes: readonly Shape[]): MarkupHistory {
  return { past: [], present: shapes, future: [] };
}

export function historyReducer(history: MarkupHistory, action: HistoryAction): MarkupHistory {
  const { past, present, future } = history;
  switch (action.type) {
    case 'commit':
      if (action.shapes === present) return history;
      return { past: [...past, present].slice(-maxSteps), present: action.shapes, future: [] };
    case 'undo':
      if (past.length === 0) return history;
      return { past: past.slice(0, -1), present: past[past.length - 1]!, future: [present, ...future] };
    case 'redo':
      if (future.length === 0) return history;
      return { past: [...past, present], present: future[0]!, future: future.slice(1) };
  }
}
