// One place per error: a dialog that shows a failed save inside itself (its 'Not saved' notice, a
// message under its list) runs the save inside `showingErrorsInline`; a mutation started meanwhile
// leaves out its error toast. Without a dialog around it, the toast is the place.

let depth = 0;

/** Runs a dialog's save (a promise) while its failure is shown in the dialog. */
export async function showingErrorsInline<R>(save: () => Promise<R>): Promise<R> {
  depth += 1;
  try {
    return await save();
  } finally {
    depth -= 1;
  }
}

/** Whether a save started now shows its failure in a dialog (read as the mutation starts). */
export function errorsShownInline(): boolean {
  return depth > 0;
}
