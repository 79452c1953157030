import { UndoneChange } from "@lg/domain/accounts/web-contract";
import type { UndoChangeRequest } from "@lg/domain/accounts/web-requests";
import { useMutation } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { apiJson } from "../api/client";
import { serverMessage } from "../api/errors";
import { FieldError } from "../ui/FieldError";
import { WizardPage } from "../ui/Page";

const UNDONE: Record<string, string> = {
  email: "Your old email address is back, and every device was signed out.",
  phone: "Your old phone number is back, and every device was signed out.",
  "mfa-enabled": "Every device was signed out.",
  "mfa-disabled": "Every device was signed out.",
};

/**
 * The link a sign-in security notice carries to the old contact: one click undoes the change. The
 * token travels in the fragment (never sent to a server in a request line or Referer) and is
 * posted only on the person's click, so a mail scanner opening the link undoes nothing.
 */
export default function UndoChangeRoute() {
  const token = window.location.hash.replace(/^#/, "");
  const undo = useMutation({
    mutationFn: () => apiJson("POST", "/api/auth/undo-change", { token } satisfies UndoChangeRequest, UndoneChange),
  });
  return (
    <WizardPage>
      <h1>Undo a change to your sign-in</h1>
      {undo.data ? (
        <>
          <p role="status">{UNDONE[undo.data.undone] ?? "Done: every device was signed out."}</p>
          <p>
            Now <Link to="/forgot-password">reset your password</Link>: whoever made the change may know it.
          </p>
        </>
      ) : (
        <>
          <p>
            If you did not make the change we told you of, undo it here. Every device signed in to your account is
            signed out, and a replaced email or phone number is put back.
          </p>
          <FieldError id="undo-error" message={undo.error ? serverMessage(undo.error) : undefined} />
          <button
            type="button"
            className="btn btn-primary"
            disabled={!token || undo.isPending}
            onClick={() => undo.mutate()}
          >
            {undo.isPending ? "Undoing..." : "Undo the change"}
          </button>
        </>
      )}
    </WizardPage>
  );
}
