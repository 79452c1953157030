export interface ProfileSetupValues {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  phone: string;
  address: string;
  city: string;
  country: string;
  occupation: string;
  bio: string;
}

export type ProfileSetupErrors = Partial<Record<keyof ProfileSetupValues, string>>;

export const COUNTRIES = [
  { value: "US", label: "United States" },
  { value: "CA", label: "Canada" },
  { value: "UK", label: "United Kingdom" },
  { value: "AU", label: "Australia" },
  { value: "DE", label: "Germany" },
  { value: "FR", label: "France" },
  { value: "JP", label: "Japan" },
  { value: "other", label: "Other" },
];

export const EMPTY_PROFILE: ProfileSetupValues = {
  firstName: "",
  lastName: "",
  dateOfBirth: "",
  phone: "",
  address: "",
  city: "",
  country: "",
  occupation: "",
  bio: "",
};

/** What a signed-in account already saved, as the form's values: the form opens on it rather than empty. */
export function savedProfileValues(saved: object | undefined): ProfileSetupValues {
  const stored = (saved ?? {}) as Partial<Record<keyof ProfileSetupValues, unknown>>;
  const values = { ...EMPTY_PROFILE };
  for (const key of Object.keys(EMPTY_PROFILE) as (keyof ProfileSetupValues)[]) {
    const value = stored[key];
    if (typeof value === "string") values[key] = value;
  }
  return values;
}

const MIN_PHONE_LENGTH = 10;

/** Spec section 5 'Profile setup form': the messages appear under each field. */
export function validateProfile(v: ProfileSetupValues): ProfileSetupErrors {
  const errors: ProfileSetupErrors = {};
  if (!v.firstName.trim()) errors.firstName = "First name is required";
  if (!v.lastName.trim()) errors.lastName = "Last name is required";
  if (!v.dateOfBirth) errors.dateOfBirth = "Date of birth is required";
  if (v.phone.trim().length < MIN_PHONE_LENGTH) errors.phone = "Valid phone number is required";
  if (!v.address.trim()) errors.address = "Address is required";
  if (!v.city.trim()) errors.city = "City is required";
  if (!v.country) errors.country = "Country is required";
  return errors;
}
