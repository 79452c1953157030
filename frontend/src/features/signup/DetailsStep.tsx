import { type FormEvent, useState } from "react";
import { Link } from "react-router-dom";
import { errorStatus } from "../../api/errors";
import { TextField } from "../../ui/TextField";
import { toast } from "../../ui/toast-store";
import { PASSWORD_RULE_TEXT, passwordProblem } from "./password-rule";
import { DEFAULT_COUNTRY, phoneProblem, type SignupFlow } from "./use-signup-flow";

export function DetailsStep({ flow, onBack, onSent }: { flow: SignupFlow; onBack: () => void; onSent: () => void }) {
  const [passwordError, setPasswordError] = useState<string>();
  const [phoneError, setPhoneError] = useState<string>();
  const contact = flow.method === "email" ? flow.email : flow.phone;
  const bothEmpty = !flow.email.trim() && !flow.phone.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (bothEmpty) {
      toast({
        title: "Missing Information",
        description: "Please enter your email or phone number",
        variant: "destructive",
      });
      return;
    }
    const badPhone = flow.method === "phone" ? phoneProblem(flow.phone) : null;
    setPhoneError(badPhone ?? undefined);
    const problem = passwordProblem(flow.password);
    setPasswordError(problem ?? undefined);
    if (problem || badPhone) return;
    flow.signup.mutate(undefined, { onSuccess: onSent });
  };

  return (
    <form className="form" onSubmit={submit} noValidate aria-labelledby="details-heading">
      <h2 id="details-heading">{flow.method === "email" ? "Your email address" : "Your phone number"}</h2>
      {flow.method === "email" ? (
        <TextField
          id="signup-email"
          label="Email address"
          type="email"
          autoComplete="email"
          value={flow.email}
          onChange={(e) => flow.setEmail(e.target.value)}
        />
      ) : (
        <TextField
          id="signup-phone"
          label="Phone number"
          type="tel"
          autoComplete="tel"
          hint={`Without a country code we take the number as one in ${DEFAULT_COUNTRY.name} (${DEFAULT_COUNTRY.code}); elsewhere start with + and your country code, for example +447700900123.`}
          hintId="phone-hint"
          error={phoneError}
          errorId="phone-error"
          value={flow.phone}
          onChange={(e) => {
            flow.setPhone(e.target.value);
            if (phoneError) setPhoneError(phoneProblem(e.target.value) ?? undefined);
          }}
        />
      )}
      <TextField
        id="signup-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={PASSWORD_RULE_TEXT}
        hintId="password-rule"
        error={passwordError}
        errorId="password-error"
        value={flow.password}
        onChange={(e) => {
          flow.setPassword(e.target.value);
          if (passwordError) setPasswordError(passwordProblem(e.target.value) ?? undefined);
        }}
      />
      {errorStatus(flow.signup.error) === 409 ? (
        <p role="status">
          This {flow.method === "email" ? "email address" : "phone number"} already has an account.{" "}
          <Link to="/signin">Sign in</Link>: if you never entered its code, sign-in asks for it and can send a new one.
        </p>
      ) : null}
      <div className="wizard-nav">
        <button type="button" className="btn btn-secondary" onClick={onBack}>
          Back
        </button>
        <button type="submit" className="btn btn-primary" disabled={flow.signup.isPending || !contact.trim()}>
          {flow.signup.isPending ? "Sending..." : "Send Verification Code"}
        </button>
      </div>
    </form>
  );
}
