import { CodeSent, ContactDetails, MfaStatus, SignedOut, TotpSetup } from "@lg/domain/accounts/web-contract";
import type { ContactChangeRequest, ContactVerifyRequest, TotpCodeRequest } from "@lg/domain/accounts/web-requests";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { apiJson } from "../../api/client";
import { serverMessage } from "../../api/errors";
import { refreshSignedInUser } from "../../auth/use-auth";
import { RadioGroup } from "../../ui/Choices";
import { CodeField } from "../../ui/CodeField";
import { FieldError } from "../../ui/FieldError";
import { TextField } from "../../ui/TextField";
import { toast } from "../../ui/toast-store";
import { PROFILE_KEY } from "../preferences/profile-query";
import { useCurrentFactors } from "./CurrentFactorsFields";
import { CONTACT_KEY, contactQuery, MFA_KEY, mfaQuery } from "./security-queries";
import { TotpQrCode } from "./TotpQrCode";

const codeOk = (code: string) => /^\d{6}$/.test(code.trim());

/** Optional sign-in codes from an authenticator app (TOTP): set up with the secret, confirmed with a code. */
export function AuthenticatorAppControl() {
  const queryClient = useQueryClient();
  const status = useQuery(mfaQuery);
  const [setup, setSetup] = useState<{ secret: string; otpauthUri: string } | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  // Setting up or turning off asks for the current password (and code) first: not the session alone.
  const [asking, setAsking] = useState<"setup" | "disable" | null>(null);
  const factors = useCurrentFactors("totp", Boolean(status.data?.enabled));
  const changed = async (message: string) => {
    setSetup(null);
    setAsking(null);
    factors.reset();
    setCode("");
    setError(undefined);
    toast({ title: "Sign-in security updated", description: message });
    await queryClient.invalidateQueries({ queryKey: MFA_KEY });
  };
  const start = useMutation({
    mutationFn: () => apiJson("POST", "/api/auth/mfa/setup", factors.proof, TotpSetup),
    onSuccess: (answer) => {
      setAsking(null);
      factors.reset();
      setError(undefined);
      setSetup(answer);
    },
    onError: (e) => setError(serverMessage(e)),
  });
  const enable = useMutation({
    mutationFn: () =>
      apiJson("POST", "/api/auth/mfa/enable", { code: code.trim() } satisfies TotpCodeRequest, MfaStatus),
    onSuccess: () => changed("Sign-in now asks for a code from your authenticator app."),
    onError: (e) => setError(serverMessage(e)),
  });
  const disable = useMutation({
    mutationFn: () => apiJson("POST", "/api/auth/mfa/disable", factors.proof, MfaStatus),
    onSuccess: () => changed("Sign-in no longer asks for an authenticator code."),
    onError: (e) => setError(serverMessage(e)),
  });
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (!codeOk(code)) return setError("Enter the 6-digit code your authenticator app shows");
    enable.mutate();
  };
  const proveThen = (event: FormEvent) => {
    event.preventDefault();
    if (factors.missing) return setError(factors.missing);
    if (asking === "disable") disable.mutate();
    else start.mutate();
  };
  const pending = start.isPending || disable.isPending;

  if (status.isLoading) return <p className="small muted">Loading sign-in security…</p>;
  return (
    <div>
      <h3>Authenticator app</h3>
      {asking ? (
        <form className="form" onSubmit={proveThen} noValidate>
          <p>
            {asking === "disable"
              ? "To turn it off, confirm it is you: your current password and the code your app shows now."
              : "To set up an authenticator app, confirm it is you with your current password."}{" "}
            We will tell your email or phone of the change.
          </p>
          {factors.fields}
          <FieldError id="totp-proof-error" message={error} />
          <div className="button-row">
            <button type="submit" className="btn btn-primary" disabled={pending}>
              {pending ? "Checking..." : asking === "disable" ? "Turn Off" : "Continue"}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setAsking(null)}>
              Cancel
            </button>
          </div>
        </form>
      ) : status.data?.enabled ? (
        <>
          <p role="status">On: sign-in asks for a code from your authenticator app.</p>
          <button type="button" className="btn btn-secondary" onClick={() => setAsking("disable")}>
            Turn off authenticator app
          </button>
        </>
      ) : setup ? (
        <form className="form" onSubmit={confirm} noValidate>
          <p>
            Add this account to your authenticator app (Google Authenticator, 1Password, Authy…): scan this QR code with
            it, open <a href={setup.otpauthUri}>this setup link</a> on the device with the app, or enter the key by
            hand.
          </p>
          <TotpQrCode otpauthUri={setup.otpauthUri} />
          <p>
            Setup key: <code className="setup-key">{setup.secret}</code>
          </p>
          <CodeField
            id="totp-code"
            label="Code from the app"
            describedBy="totp-error"
            value={code}
            onChange={setCode}
          />
          <FieldError id="totp-error" message={error} />
          <button type="submit" className="btn btn-primary" disabled={enable.isPending}>
            {enable.isPending ? "Checking..." : "Turn On"}
          </button>
        </form>
      ) : (
        <>
          <p>Off. With it on, signing in also asks for a 6-digit code from an app on your phone.</p>
          <button type="button" className="btn btn-primary" onClick={() => setAsking("setup")}>
            Set up authenticator app
          </button>
        </>
      )}
      {!setup && !asking ? <FieldError id="totp-status-error" message={error} /> : null}
    </div>
  );
}

type Kind = "email" | "phone";
const CONTACT_KINDS: { value: Kind; label: string }[] = [
  { value: "email", label: "Email" },
  { value: "phone", label: "Phone" },
];

/** The email or phone the account signs in with and gets codes at: a new one replaces it once its code is entered. */
export function ContactControl() {
  const queryClient = useQueryClient();
  const contact = useQuery(contactQuery);
  const mfa = useQuery(mfaQuery);
  const factors = useCurrentFactors("contact", Boolean(mfa.data?.enabled));
  const [kind, setKind] = useState<Kind>("email");
  const [value, setValue] = useState("");
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const request = useMutation({
    mutationFn: () =>
      apiJson(
        "POST",
        "/api/auth/contact",
        { kind, value: value.trim(), ...factors.proof } satisfies ContactChangeRequest,
        CodeSent,
      ),
    onSuccess: (answer) => {
      factors.reset();
      setError(undefined);
      setSentTo(answer.destination);
    },
    onError: (e) => setError(serverMessage(e)),
  });
  const verify = useMutation({
    mutationFn: () =>
      apiJson(
        "POST",
        "/api/auth/contact/verify",
        { kind, code: code.trim() } satisfies ContactVerifyRequest,
        ContactDetails,
      ),
    onSuccess: async () => {
      toast({
        title: "Contact details updated",
        description: `Your ${kind === "email" ? "email" : "phone number"} is now ${value.trim()}.`,
      });
      setSentTo(null);
      setValue("");
      setCode("");
      setError(undefined);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: CONTACT_KEY }),
        queryClient.invalidateQueries({ queryKey: PROFILE_KEY }),
        refreshSignedInUser(queryClient),
      ]);
    },
    onError: (e) => setError(serverMessage(e)),
  });
  const submitNew = (event: FormEvent) => {
    event.preventDefault();
    if (!value.trim()) return setError(kind === "email" ? "Enter the new email address" : "Enter the new phone number");
    if (factors.missing) return setError(factors.missing);
    request.mutate();
  };
  const submitCode = (event: FormEvent) => {
    event.preventDefault();
    if (!codeOk(code)) return setError("Enter the 6-digit code we sent to the new address");
    verify.mutate();
  };
  return (
    <div>
      <h3>Email and phone</h3>
      <dl className="small">
        <dt>Email</dt>
        <dd>{contact.data?.email ?? "None"}</dd>
        <dt>Phone</dt>
        <dd>{contact.data?.phone ?? "None"}</dd>
      </dl>
      {sentTo ? (
        <form className="form" onSubmit={submitCode} noValidate>
          <p role="status">
            We sent a 6-digit code to {sentTo}. Until you enter it, your account keeps using{" "}
            {(kind === "email" ? contact.data?.email : contact.data?.phone) ?? "what it has now"}.
          </p>
          <CodeField
            id="contact-code"
            label={`Code sent to the new ${kind === "email" ? "email" : "phone"}`}
            describedBy="contact-error"
            value={code}
            onChange={setCode}
          />
          <FieldError id="contact-error" message={error} />
          <div className="button-row">
            <button type="submit" className="btn btn-primary" disabled={verify.isPending}>
              {verify.isPending ? "Checking..." : "Confirm Change"}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setSentTo(null)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <form className="form" onSubmit={submitNew} noValidate>
          <RadioGroup legend="Change" name="contact-kind" options={CONTACT_KINDS} value={kind} onChange={setKind} />
          <TextField
            id="contact-value"
            label={kind === "email" ? "New email address" : "New phone number"}
            type={kind === "email" ? "email" : "tel"}
            autoComplete={kind === "email" ? "email" : "tel"}
            describedBy="contact-error"
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
          <p className="small muted">
            Confirm it is you: a change of address also changes where reset codes go. Your current address will be told
            of it, with a link to undo it.
          </p>
          {factors.fields}
          <FieldError id="contact-error" message={error} />
          <button type="submit" className="btn btn-primary" disabled={request.isPending}>
            {request.isPending ? "Sending..." : "Send Code"}
          </button>
        </form>
      )}
    </div>
  );
}

/** Ends every session of the person, this one included (a lost phone, a shared computer). */
export function SignOutEverywhereControl() {
  const [error, setError] = useState<string>();
  const signOut = useMutation({
    mutationFn: () => apiJson("POST", "/api/logout/everywhere", undefined, SignedOut),
    onSuccess: () => {
      window.location.href = "/";
    },
    onError: (e) => setError(serverMessage(e)),
  });
  return (
    <div>
      <h3>Devices</h3>
      <p>Signs you out here and on every other device and browser. You sign in again with your password.</p>
      <FieldError id="sign-out-everywhere-error" message={error} />
      <button type="button" className="btn btn-secondary" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
        {signOut.isPending ? "Signing out..." : "Sign out of all devices"}
      </button>
    </div>
  );
}

/** Settings: how the person signs in and where codes go. */
export function AccountSecuritySection() {
  return (
    <section className="panel" aria-labelledby="account-security-heading">
      <h2 id="account-security-heading">Sign-in and Contact</h2>
      <ContactControl />
      <AuthenticatorAppControl />
      <SignOutEverywhereControl />
    </section>
  );
}
