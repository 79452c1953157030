import { useEffect } from "react";
import { useLocation } from "react-router-dom";

/**
 * What a person had typed when their session expired mid-form (issue 36 item 15): kept in this
 * tab's sessionStorage while they sign in again, then filled back into the same page and dropped.
 * Passwords and files are never kept. Only same-tab storage: nothing leaves the browser, and
 * closing the tab forgets it.
 */
const KEPT = "lg-kept-input";
const EXPIRED = "lg-session-expired";
const NEVER_KEPT = new Set(["password", "file", "hidden", "submit", "button", "reset", "image"]);
/** How long a restored page may take to show its form (it may load its data first). */
const RESTORE_TRIES = 50;
const RESTORE_EVERY_MS = 100;

interface KeptField {
  key: string;
  value: string;
  checked?: boolean;
}
type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const fieldsOf = (root: ParentNode) => [...root.querySelectorAll<Field>("input, textarea, select")];
const keyOf = (field: Field) => {
  const name = field.name || field.id;
  if (!name) return undefined;
  return field instanceof HTMLInputElement && field.type === "radio" ? `${name}=${field.value}` : name;
};

/** Keeps every named field of the page (but passwords and files) for `path`, and notes why; true when anything was typed. */
export function keepFormInput(path: string, root: ParentNode = document): boolean {
  const fields: KeptField[] = [];
  for (const field of fieldsOf(root)) {
    const key = keyOf(field);
    if (!key || (field instanceof HTMLInputElement && NEVER_KEPT.has(field.type))) continue;
    if (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio"))
      fields.push({ key, value: field.value, checked: field.checked });
    else fields.push({ key, value: field.value });
  }
  const typed = fields.some((f) => f.value !== "" || f.checked);
  if (typed) sessionStorage.setItem(KEPT, JSON.stringify({ path, fields }));
  sessionStorage.setItem(EXPIRED, typed ? "kept" : "expired");
  return typed;
}

/** Why the person is signing in again: their session expired, with or without input kept (the sign-in page says so). */
export const sessionExpired = () => {
  const why = sessionStorage.getItem(EXPIRED);
  return why === "kept" || why === "expired" ? why : null;
};
export const clearSessionExpired = () => sessionStorage.removeItem(EXPIRED);

/** React keeps a controlled field's value in its own state: set it as typing would, through the native setter and an event. */
function fill(field: Field, kept: KeptField) {
  if (field instanceof HTMLInputElement && kept.checked !== undefined) {
    if (field.checked !== kept.checked) field.click();
    return;
  }
  const prototype = Object.getPrototypeOf(field) as object;
  Object.getOwnPropertyDescriptor(prototype, "value")?.set?.call(field, kept.value);
  field.dispatchEvent(new Event(field instanceof HTMLSelectElement ? "change" : "input", { bubbles: true }));
}

/** Fills what was kept for `path` back into the page, once its fields are there; true when it did. */
export function restoreFormInput(path: string, root: ParentNode = document): boolean {
  const raw = sessionStorage.getItem(KEPT);
  if (!raw) return false;
  const kept = JSON.parse(raw) as { path: string; fields: KeptField[] };
  if (kept.path !== path) return false;
  const byKey = new Map(fieldsOf(root).flatMap((field) => (keyOf(field) ? [[keyOf(field), field] as const] : [])));
  const present = kept.fields.filter((f) => byKey.has(f.key));
  if (present.length === 0) return false;
  for (const f of present) fill(byKey.get(f.key) as Field, f);
  sessionStorage.removeItem(KEPT);
  return true;
}

/** On each page: when something was kept for it, fill it back once the form has rendered. */
export function useRestoreKeptInput(onRestored: () => void): void {
  const location = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new page is a new chance to restore
  useEffect(() => {
    const path = `${location.pathname}${location.search}`;
    if (!sessionStorage.getItem(KEPT)) return;
    let tries = 0;
    const timer = setInterval(() => {
      if (restoreFormInput(path) || ++tries >= RESTORE_TRIES) {
        clearInterval(timer);
        if (tries < RESTORE_TRIES) onRestored();
      }
    }, RESTORE_EVERY_MS);
    return () => clearInterval(timer);
  }, [location.pathname, location.search]);
}
