/**
 * The key that remounts an owner's uncontrolled form with the values it should show.
 *
 * While the page shows an answer (a refusal with what was typed, a preview), the key is those
 * values alone. React Router renders an action's answer as soon as it arrives, under the old
 * location, and again when its revalidation ends, under a new one. A key holding the location would
 * remount the form between the two and wipe what the owner typed right after reading the error.
 *
 * With no answer, the location's key is part of it, so a completed save that comes back to the same
 * page (an emptied "Add" form) starts again from the page's own values.
 */
export function formKey(locationKey: string, answer: unknown, ...shown: unknown[]): string {
  const values = JSON.stringify(shown);
  return answer ? `answer:${values}` : `${locationKey}:${values}`;
}
