import type { ReauthenticationRequest } from "@lg/domain/accounts/web-requests";
import { useState } from "react";
import { CodeField } from "../../ui/CodeField";
import { TextField } from "../../ui/TextField";

/**
 * The current password (and authenticator code) a sign-in security change asks for afresh, so
 * that a session left open or stolen cannot change them alone. Returns the proof to send, a check
 * that it is complete, and the fields.
 */
export function useCurrentFactors(idPrefix: string, withCode: boolean) {
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  // What the API asks for with a sensitive change (the domain's Reauthentication): the current
  // password, and the app's current code once one is on.
  const proof: ReauthenticationRequest = {
    currentPassword: password,
    ...(withCode ? { currentCode: code.trim() } : {}),
  };
  const missing = !password
    ? "Enter your current password"
    : withCode && !/^\d{6}$/.test(code.trim())
      ? "Enter the current 6-digit code from your authenticator app"
      : undefined;
  const fields = (
    <>
      <TextField
        id={`${idPrefix}-current-password`}
        label="Current password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
      />
      {withCode ? (
        <CodeField
          id={`${idPrefix}-current-code`}
          label="Current code from your authenticator app"
          value={code}
          onChange={setCode}
        />
      ) : null}
    </>
  );
  const reset = () => {
    setPassword("");
    setCode("");
  };
  return { proof, missing, fields, reset };
}
