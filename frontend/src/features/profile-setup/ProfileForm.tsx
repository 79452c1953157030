import { type FormEvent, useState } from "react";
import { SelectField } from "../../ui/SelectField";
import { TextAreaField, TextField } from "../../ui/TextField";
import {
  COUNTRIES,
  EMPTY_PROFILE,
  type ProfileSetupErrors,
  type ProfileSetupValues,
  validateProfile,
} from "./validate-profile";

type Key = keyof ProfileSetupValues;

export function ProfileForm({
  pending,
  onSubmit,
  initial = EMPTY_PROFILE,
}: {
  pending: boolean;
  onSubmit: (v: ProfileSetupValues) => void;
  /** What is already saved, for a signed-in account: the form opens on it. */
  initial?: ProfileSetupValues;
}) {
  const [values, setValues] = useState<ProfileSetupValues>(initial);
  const [errors, setErrors] = useState<ProfileSetupErrors>({});
  const [submitted, setSubmitted] = useState(false);

  const change = (key: Key, value: string) => {
    const next = { ...values, [key]: value };
    setValues(next);
    // After the first submit, fields revalidate as they change (spec section 5).
    if (submitted) setErrors(validateProfile(next));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const found = validateProfile(values);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`profile-${first}`)?.focus();
      return;
    }
    onSubmit(values);
  };

  const field = (key: Key, label: string, type = "text", autoComplete?: string) => (
    <TextField
      id={`profile-${key}`}
      label={label}
      type={type}
      autoComplete={autoComplete}
      value={values[key]}
      error={errors[key]}
      onChange={(e) => change(key, e.target.value)}
    />
  );

  return (
    <form className="form" onSubmit={submit} noValidate>
      <div className="form-row">
        {field("firstName", "First name", "text", "given-name")}
        {field("lastName", "Last name", "text", "family-name")}
      </div>
      <div className="form-row">
        {field("dateOfBirth", "Date of birth", "date", "bday")}
        {field("phone", "Phone", "tel", "tel")}
      </div>
      {field("address", "Address", "text", "street-address")}
      <div className="form-row">
        {field("city", "City", "text", "address-level2")}
        <SelectField
          id="profile-country"
          label="Country"
          placeholder="Select a country"
          options={COUNTRIES}
          value={values.country}
          error={errors.country}
          onChange={(value) => change("country", value)}
        />
      </div>
      {field("occupation", "Occupation (optional)", "text", "organization-title")}
      <TextAreaField
        id="profile-bio"
        label="Bio (optional)"
        value={values.bio}
        onChange={(e) => change("bio", e.target.value)}
      />
      <button type="submit" className="btn btn-primary btn-lg" disabled={pending}>
        {pending ? "Creating Profile..." : "Continue to Pricing"}
      </button>
    </form>
  );
}
