import { controlAria, Field, type FieldText } from "./Field";

/** Spec section 5: non-digits are stripped and the code is at most 6 digits long. */
export function normaliseCode(input: string): string {
  return input.replace(/\D/g, "").slice(0, 6);
}

/**
 * The field for a 6-digit code sent by email or text or shown by an authenticator app: a numeric
 * keypad, the phone's one-time-code autofill, and only digits kept (so a pasted "123 456" works).
 */
export function CodeField({
  value,
  onChange,
  ...field
}: FieldText & { value: string; onChange: (code: string) => void }) {
  return (
    <Field {...field}>
      <input
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        className="code-input"
        value={value}
        onChange={(e) => onChange(normaliseCode(e.target.value))}
        {...controlAria(field)}
      />
    </Field>
  );
}
