import type { ThreatBulkActionRequest } from "@lg/domain/threats/threat-action-input";
import { useSyncExternalStore } from "react";
import type { ThreatAction } from "./triage-types";

/**
 * The last action that can be undone (a false positive or a dismissal, one threat or many), so
 * the list offers Undo wherever the action was taken: the list's bulk bar or a threat's details.
 */
export interface UndoOffer {
  id: number;
  action: ThreatAction;
  message: string;
  threatIds: string[];
  groups: NonNullable<ThreatBulkActionRequest["groups"]>;
}

/** Long enough to notice and reach the button by keyboard; the threat's details keep Undo after. */
export const UNDO_WINDOW_MS = 15_000;

let offer: UndoOffer | null = null;
let nextId = 1;
let timer: ReturnType<typeof setTimeout> | undefined;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export function offerUndo(input: Omit<UndoOffer, "id">): void {
  clearTimeout(timer);
  const id = nextId++;
  offer = { ...input, id };
  timer = setTimeout(() => withdrawUndo(id), UNDO_WINDOW_MS);
  emit();
}

/** Withdraws the offer (only that one, when an id is given: a newer offer stays). */
export function withdrawUndo(id?: number): void {
  if (id !== undefined && offer?.id !== id) return;
  clearTimeout(timer);
  offer = null;
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useUndoOffer = () => useSyncExternalStore(subscribe, () => offer);
