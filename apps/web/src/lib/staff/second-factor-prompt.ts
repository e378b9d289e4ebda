/**
 * Who asks a staff member for a fresh authenticator code when the api answers `fresh_second_factor_required`
 * (approving, paying, re-settling, role changes): the back office's dialog registers itself here, and browserApi
 * asks it, then sends the refused request once more. Outside the back office nobody is registered and the error
 * stands. One question at a time: requests refused together wait for the same answer.
 */
type Prompt = () => Promise<boolean>;

let prompt: Prompt | null = null;
let pending: Promise<boolean> | null = null;

/** Registers the dialog (null when it goes away). */
export function setSecondFactorPrompt(next: Prompt | null): void {
  prompt = next;
}

/** True once a fresh code was accepted; false when nobody can ask or the member cancelled. */
export function askSecondFactor(): Promise<boolean> {
  if (!prompt) return Promise.resolve(false);
  pending ??= prompt().finally(() => {
    pending = null;
  });
  return pending;
}
