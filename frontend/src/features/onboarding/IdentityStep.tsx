import { type FormEvent, useState } from "react";
import type { Profile } from "../../api/types";

export interface IdentityValues {
  firstName: string;
  lastName: string;
  aliases: string[];
  handles: string[];
  ownAccounts: string[];
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
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const values = {
      firstName: firstName.trim(),
      lastName: lastName.trim(),
      aliases: lines(aliases),
      handles: lines(handles),
      ownAccounts: lines(ownAccounts, false),
    };
    if (!(values.firstName && values.lastName) && values.aliases.length === 0) {
      setError("Enter your first and last name, or a name you are known by");
      return;
    }
    setError(null);
    props.onSubmit(values);
  };

  return (
    <form className="form" onSubmit={submit} aria-labelledby="identity-heading" noValidate>
      <h2 id="identity-heading">Who should we look for?</h2>
      <p>Scans search for your name and the names and handles you are known by, and recognise look-alike accounts.</p>
      <div className="form-row">
        <div className="field">
          <label htmlFor="identity-first">First name</label>
          <input
            id="identity-first"
            autoComplete="given-name"
            value={firstName}
            maxLength={100}
            onChange={(e) => setFirstName(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="identity-last">Last name</label>
          <input
            id="identity-last"
            autoComplete="family-name"
            value={lastName}
            maxLength={100}
            onChange={(e) => setLastName(e.target.value)}
          />
        </div>
      </div>
      <div className="field">
        <label htmlFor="identity-aliases">Other names you are known by (optional)</label>
        <textarea
          id="identity-aliases"
          rows={2}
          aria-describedby="identity-aliases-hint"
          value={aliases}
          onChange={(e) => setAliases(e.target.value)}
        />
        <span id="identity-aliases-hint" className="hint">
          Stage names, maiden names, nicknames: one a line.
        </span>
      </div>
      <div className="field">
        <label htmlFor="identity-handles">Your handles (optional)</label>
        <textarea
          id="identity-handles"
          rows={2}
          aria-describedby="identity-handles-hint"
          value={handles}
          onChange={(e) => setHandles(e.target.value)}
        />
        <span id="identity-handles-hint" className="hint">
          The usernames you use, such as @adalovelace: one a line.
        </span>
      </div>
      <div className="field">
        <label htmlFor="identity-accounts">Your official accounts (optional)</label>
        <textarea
          id="identity-accounts"
          rows={2}
          aria-describedby="identity-accounts-hint"
          value={ownAccounts}
          onChange={(e) => setOwnAccounts(e.target.value)}
        />
        <span id="identity-accounts-hint" className="hint">
          Links to your own profiles and pages, one a line: what they post is never flagged as a threat.
        </span>
      </div>
      {error ? (
        <p role="alert" className="field-error">
          {error}
        </p>
      ) : null}
      <div className="wizard-nav">
        <button type="button" className="btn btn-secondary" onClick={props.onPrevious}>
          Previous
        </button>
        <button type="submit" className="btn btn-primary" disabled={props.pending}>
          {props.pending ? "Saving..." : "Save and Continue"}
        </button>
      </div>
    </form>
  );
}
