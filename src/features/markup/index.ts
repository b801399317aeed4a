// What other features may use of the mark-up feature: the lazily loaded editor and when it applies.
export {
  LazyMarkupEditor,
  MarkupLoading,
  MarkupNotice,
  MarkupProblem,
  preloadMarkupEditor,
} from './LazyMarkupEditor.tsx';
export type { MarkupEditorProps, MarkupResult } from './markupEditorProps.ts';
export { canMarkUp } from './canMarkUp.ts';
