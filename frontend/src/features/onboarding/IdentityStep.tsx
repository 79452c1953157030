import { type FormEvent, useState } from "react";
import type { Profile } from "../../api/types";
import { FieldError } from "../../ui/FieldError";
import { TextAreaField, TextField } from "../../ui/TextField";
import { SaveStepNav } from "./SaveStepNav";

export interface IdentityValues {
  firstName: string;
  lastName: string;
  aliases: string[];
  handles: string[];
  ownAccounts: string[];
  /** Which laws a notice can rest on; sent only when given. */
  country?: string;
  /** The postal address a notice gives for reaching the person; sent only when given. */
  address?: string;
  city?: string;
}

/** One entry a line (commas also separate names and handles, never addresses, which may hold them). */
const lines = (text: string, commas = true) =>
  text
    .split(commas ? /[\n,]/ : /\n/)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Who scans look for: the name and the other names and handles the person is known by (matched in
 * profiles and text), and their own official accounts, which are never flagged.
 */
export function IdentityStep(props: {
  initial?: Profile;
  pending: boolean;
  onSubmit: (values: IdentityValues) => void;
  onPrevious: () => void;
}) {
  const [firstName, setFirstName] = useState(props.initial?.firstName ?? "");
  const [lastName, setLastName] = useState(props.initial?.lastName ?? "");
  const fullName = `${props.initial?.firstName ?? ""} ${props.initial?.lastName ?? ""}`.trim();
  // Profile setup stored the full name as the first alias; it is the name here, not another one.
  const [aliases, setAliases] = useState((props.initial?.aliases ?? []).filter((a) => a !== fullName).join("\n"));
  const [handles, setHandles] = useState((props.initial?.handles ?? []).join("\n"));
  const [ownAccounts, setOwnAccounts] = useState((props.initial?.ownAccounts ?? []).join("\n"));
  const [country, setCountry] = useState(props.initial?.country ?? "");
  const [address, setAddress] = useState(props.initial?.address ?? "");
  const [city, setCity] = useState(props.initial?.city ?? "");
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values = {
      firstName: firstName.trim(),
      lastName: lastName.trim(),
      aliases: lines(aliases),
      handles: lines(handles),
      ownAccounts: lines(ownAccounts, false),
      ...(country.trim() ? { country: country.trim() } : {}),
      ...(address.trim() ? { address: address.trim() } : {}),
      ...(city.trim() ? { city: city.trim() } : {}),
    };
    if (!(values.firstName && values.lastName) && values.aliases.length === 0) {
      setError("Enter your first and last name, or a name you are known by");
      return;
    }
    setError(undefined);
    props.onSubmit(values);
  };

  return (
    <form className="form" onSubmit={submit} aria-labelledby="identity-heading" noValidate>
      <h2 id="identity-heading">Who should we look for?</h2>
      <p>Scans search for your name and the names and handles you are known by, and recognise look-alike accounts.</p>
      <div className="form-row">
        <TextField
          id="identity-first"
          label="First name"
          autoComplete="given-name"
          value={firstName}
          maxLength={100}
          onChange={(e) => setFirstName(e.target.value)}
        />
        <TextField
          id="identity-last"
          label="Last name"
          autoComplete="family-name"
          value={lastName}
          maxLength={100}
          onChange={(e) => setLastName(e.target.value)}
        />
      </div>
      <TextAreaField
        id="identity-aliases"
        label="Other names you are known by (optional)"
        rows={2}
        hint="Stage names, maiden names, nicknames: one a line."
        value={aliases}
        onChange={(e) => setAliases(e.target.value)}
      />
      <TextAreaField
        id="identity-handles"
        label="Your handles (optional)"
        rows={2}
        hint="The usernames you use, such as @adalovelace: one a line."
        value={handles}
        onChange={(e) => setHandles(e.target.value)}
      />
      <TextAreaField
        id="identity-accounts"
        label="Your official accounts (optional)"
        rows={2}
        hint="Links to your own profiles and pages, one a line: what they post is never flagged as a threat."
        value={ownAccounts}
        onChange={(e) => setOwnAccounts(e.target.value)}
      />
      <TextField
        id="identity-country"
        label="Country you live in"
        autoComplete="country-name"
        hint="Which laws your takedown notices can use: living in the EU adds the Digital Services Act."
        value={country}
        maxLength={100}
        onChange={(e) => setCountry(e.target.value)}
      />
      <div className="form-row">
        <TextField
          id="identity-address"
          label="Postal address for your notices (optional)"
          autoComplete="street-address"
          hint="A copyright notice gives an address where you can be reached."
          value={address}
          maxLength={300}
          onChange={(e) => setAddress(e.target.value)}
        />
        <TextField
          id="identity-city"
          label="City (optional)"
          autoComplete="address-level2"
          value={city}
          maxLength={100}
          onChange={(e) => setCity(e.target.value)}
        />
      </div>
      <FieldError id="identity-error" message={error} />
      <SaveStepNav pending={props.pending} onPrevious={props.onPrevious} />
    </form>
  );
}
