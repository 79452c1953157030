import { type FormEvent, useState } from "react";
import { FieldError } from "../../ui/FieldError";
import {
  COUNTRIES,
  EMPTY_PROFILE,
  type ProfileSetupErrors,
  type ProfileSetupValues,
  validateProfile,
} from "./validate-profile";

type Key = keyof ProfileSetupValues;

export function ProfileForm({ pending, onSubmit }: { pending: boolean; onSubmit: (v: ProfileSetupValues) => void }) {
  const [values, setValues] = useState<ProfileSetupValues>(EMPTY_PROFILE);
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
    <div className="field">
      <label htmlFor={`profile-${key}`}>{label}</label>
      <input
        id={`profile-${key}`}
        type={type}
        autoComplete={autoComplete}
        value={values[key]}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `profile-${key}-error` : undefined}
        onChange={(e) => change(key, e.target.value)}
      />
      <FieldError id={`profile-${key}-error`} message={errors[key]} />
    </div>
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
        <div className="field">
          <label htmlFor="profile-country">Country</label>
          <select
            id="profile-country"
            value={values.country}
            aria-invalid={errors.country ? true : undefined}
            aria-describedby={errors.country ? "profile-country-error" : undefined}
            onChange={(e) => change("country", e.target.value)}
          >
            <option value="">Select a country</option>
            {COUNTRIES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
          <FieldError id="profile-country-error" message={errors.country} />
        </div>
      </div>
      {field("occupation", "Occupation (optional)", "text", "organization-title")}
      <div className="field">
        <label htmlFor="profile-bio">Bio (optional)</label>
        <textarea id="profile-bio" value={values.bio} onChange={(e) => change("bio", e.target.value)} />
      </div>
      <button type="submit" className="btn btn-primary btn-lg" disabled={pending}>
        {pending ? "Creating Profile..." : "Continue to Pricing"}
      </button>
    </form>
  );
}
