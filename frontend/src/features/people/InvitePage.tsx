import type { InvitationTokenRequest } from "@lg/domain/people/people-inputs";
import { AcceptedInvitation } from "@lg/domain/people/web-contract";
import { useMutation, useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router-dom";
import { apiJson } from "../../api/client";
import { serverMessage } from "../../api/errors";
import { useAuth } from "../../auth/use-auth";
import { BusyButton } from "../../ui/BusyButton";
import { WizardPage } from "../../ui/Page";
import { Spinner } from "../../ui/Spinner";
import { ConsentGate } from "../consent/ConsentGate";
import { invitationPreviewQuery } from "./queries";

/**
 * /invite/:token: the invitee sees who invites them, signs in or signs up, accepts in their own
 * account, then gives their own consent (the same consent as everyone's) and enrols their own face
 * and voice on the usual pages. No biometric data of theirs is stored before they consent.
 */
export default function InvitePage() {
  const { token = "" } = useParams();
  const auth = useAuth();
  const preview = useQuery(invitationPreviewQuery(token));
  const accept = useMutation({
    mutationFn: () =>
      apiJson("POST", "/api/people/invitations/accept", { token } satisfies InvitationTokenRequest, AcceptedInvitation),
  });
  const here = `/invite/${encodeURIComponent(token)}`;

  return (
    <WizardPage>
      <h1>Your invitation</h1>
      <div className="panel">
        {accept.data ? (
          <Accepted accepted={accept.data} />
        ) : preview.isLoading || auth.isLoading ? (
          <Spinner label="Opening your invitation…" />
        ) : preview.isError ? (
          <>
            <p role="alert">{serverMessage(preview.error)}</p>
            <p>
              <Link to="/">Go to the home page</Link>
            </p>
          </>
        ) : preview.data ? (
          <section aria-labelledby="invite-heading">
            <h2 id="invite-heading">
              {preview.data.accountName} invites you, {preview.data.displayName}, to LikenessGuard protection
            </h2>
            <p>
              Scans of their account would look for deepfakes, voice clones and impersonations of you. No biometric data
              of yours is stored and no scan includes you unless you accept, give your own biometric consent and enrol
              your own face or voice. They will see where you stand and the threats found, never your photos, recordings
              or face and voice data. You can delete your data and withdraw at any time.
            </p>
            {preview.data.expiresAt ? (
              <p className="muted">This link works until {preview.data.expiresAt.slice(0, 10)}.</p>
            ) : null}
            {auth.isAuthenticated ? (
              <>
                {accept.isError ? <p role="alert">{serverMessage(accept.error)}</p> : null}
                <BusyButton
                  className="btn btn-primary"
                  busy={accept.isPending}
                  busyLabel="Accepting…"
                  onClick={() => accept.mutate()}
                >
                  Accept Invitation
                </BusyButton>
              </>
            ) : (
              <div className="button-row">
                <Link className="btn btn-primary" to={`/signup?next=${encodeURIComponent(here)}`}>
                  Create an Account
                </Link>
                <Link className="btn btn-secondary" to={`/signin?next=${encodeURIComponent(here)}`}>
                  Sign In to Accept
                </Link>
              </div>
            )}
          </section>
        ) : null}
      </div>
    </WizardPage>
  );
}

function Accepted({ accepted }: { accepted: AcceptedInvitation }) {
  return (
    <section aria-labelledby="accepted-heading">
      <h2 id="accepted-heading">You accepted {accepted.accountName}'s invitation</h2>
      <p>Next, your own consent. Until you give it nothing of yours is stored and no scan includes you.</p>
      <ConsentGate enabled>
        <p>Your consent is recorded. Enrol your face and voice so scans can look for you.</p>
        <div className="button-row">
          <Link className="btn btn-primary" to="/onboarding?step=face&from=%2Fpeople">
            Enrol Your Face and Voice
          </Link>
          <Link className="btn btn-secondary" to="/people">
            See Your Protection
          </Link>
        </div>
      </ConsentGate>
    </section>
  );
}
