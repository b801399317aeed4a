import { useState, type FormEvent } from 'react';

/**
 * A failed upload's fix in a form dialog (rename it, move it to another record): opening starts the form
 * afresh, and submitting either shows why the fix was refused or closes the dialog.
 */
export function useUploadFix({ reset, apply }: { reset(): void; apply(): string | null }) {
  const [opened, setOpened] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const open = () => {
    reset();
    setProblem(null);
    setOpened(true);
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const refusal = apply();
    if (refusal) setProblem(refusal);
    else setOpened(false);
  };
  return { open, problem, dialog: { opened, onClose: () => setOpened(false), onSubmit } };
}
