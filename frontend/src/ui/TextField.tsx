import type { InputHTMLAttributes, TextareaHTMLAttributes } from "react";
import { controlAria, Field, type FieldText } from "./Field";

type Owned = "id" | "aria-describedby" | "aria-invalid";

/** A labelled one-line input with its hint and error read out with it. */
export function TextField({
  id,
  label,
  hint,
  hintId,
  error,
  errorId,
  describedBy,
  type = "text",
  ...input
}: FieldText & Omit<InputHTMLAttributes<HTMLInputElement>, Owned>) {
  const field = { id, label, hint, hintId, error, errorId, describedBy };
  return (
    <Field {...field}>
      <input type={type} {...input} {...controlAria(field)} />
    </Field>
  );
}

/** A labelled multi-line input with its hint and error read out with it. */
export function TextAreaField({
  id,
  label,
  hint,
  hintId,
  error,
  errorId,
  describedBy,
  ...textarea
}: FieldText & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, Owned>) {
  const field = { id, label, hint, hintId, error, errorId, describedBy };
  return (
    <Field {...field}>
      <textarea {...textarea} {...controlAria(field)} />
    </Field>
  );
}
