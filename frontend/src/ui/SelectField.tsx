import { controlAria, Field, type FieldText } from "./Field";

/** A labelled drop-down that starts on "Select …" (an empty value) until the person picks one of the options. */
export function SelectField<T extends string>({
  options,
  placeholder,
  value,
  onChange,
  ...field
}: FieldText & {
  options: readonly { value: T; label: string }[];
  placeholder: string;
  value: T | "";
  onChange: (value: T | "") => void;
}) {
  return (
    <Field {...field}>
      <select value={value} onChange={(e) => onChange(e.target.value as T | "")} {...controlAria(field)}>
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}
