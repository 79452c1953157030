import { CONFIRMATION_PROMPTS, type ConfirmationKey, type Confirmations } from "@lg/notices";

const KEYS = Object.keys(CONFIRMATION_PROMPTS) as ConfirmationKey[];

/** The checkbox texts the person must tick; the API sends these words and gets them back. */
export function confirmationPrompts(keys: readonly ConfirmationKey[]): string[] {
  return keys.map((key) => CONFIRMATION_PROMPTS[key]);
}

/** Ticked checkboxes as the notice rules' facts; a key name is accepted as well as its wording. */
export function confirmationsFrom(answers: readonly string[]): Confirmations {
  const given = new Set(answers.map((answer) => answer.trim()));
  return Object.fromEntries(
    KEYS.filter((key) => given.has(key) || given.has(CONFIRMATION_PROMPTS[key])).map((key) => [key, true]),
  );
}
