import type { InputHTMLAttributes, TextareaHTMLAttributes } from "react";
import { controlAria, Field, type FieldText, splitField } from "./Field";

type Owned = "id" | "aria-describedby" | "aria-invalid";

/** A labelled one-line input with its hint and error read out with it. */
export function TextField({ type = "text", ...props }: FieldText & Omit<InputHTMLAttributes<HTMLInputElement>, Owned>) {
  const [field, input] = splitField(props);
  return (
    <Field {...field}>
      <input type={type} {...input} {...controlAria(field)} />
    </Field>
  );
}

/** A labelled multi-line input with its hint and error read out with it. */
export function TextAreaField(props: FieldText & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, Owned>) {
  const [field, textarea] = splitField(props);
  return (
    <Field {...field}>
      <textarea {...textarea} {...controlAria(field)} />
    </Field>
  );
}
