import type { ReactNode } from "react";
import { FieldError } from "./FieldError";

/** What a labelled field shows besides its control, and the ids tests and other controls refer to. */
export interface FieldText {
  id: string;
  label: ReactNode;
  /** Help shown under the control at all times, and read out with it. */
  hint?: ReactNode;
  /** Default `${id}-hint`. */
  hintId?: string;
  /** This field's own error: shown under it, read out with it, and the control marked invalid. */
  error?: string;
  /** Default `${id}-error`. */
  errorId?: string;
  /** Ids of messages shown elsewhere (a form's one error line) that also describe the control. */
  describedBy?: string;
}

const hintIdOf = (field: FieldText) => field.hintId ?? `${field.id}-hint`;
const errorIdOf = (field: FieldText) => field.errorId ?? `${field.id}-error`;

/** A field component's props parted into what the field shows and what goes on to its control. */
export function splitField<P extends FieldText>({
  id,
  label,
  hint,
  hintId,
  error,
  errorId,
  describedBy,
  ...control
}: P) {
  return [{ id, label, hint, hintId, error, errorId, describedBy } as FieldText, control] as const;
}

/** The attributes that tie a control to its field's label, hint and error. */
export function controlAria(field: FieldText) {
  const describedBy = [field.hint ? hintIdOf(field) : null, field.error ? errorIdOf(field) : null, field.describedBy]
    .filter(Boolean)
    .join(" ");
  return {
    id: field.id,
    "aria-describedby": describedBy || undefined,
    "aria-invalid": field.error ? true : undefined,
  };
}

/** Label, control, hint and error, in that order: give the control `controlAria(field)`. */
export function Field({ children, ...field }: FieldText & { children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={field.id}>{field.label}</label>
      {children}
      {field.hint ? (
        <p id={hintIdOf(field)} className="hint">
          {field.hint}
        </p>
      ) : null}
      <FieldError id={errorIdOf(field)} message={field.error} />
    </div>
  );
}
