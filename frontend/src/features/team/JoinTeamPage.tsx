import { JoinedTeam } from "@lg/domain/team/web-contract";
import type { JoinTeamRequest } from "@lg/domain/team/web-requests";
import { useMutation } from "@tanstack/react-query";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { apiJson } from "../../api/client";
import { serverMessage } from "../../api/errors";
import { useAuth } from "../../auth/use-auth";
import { Main } from "../../ui/Page";
import { Spinner } from "../../ui/Spinner";
import { toast } from "../../ui/toast-store";
import { DashboardHeader } from "../dashboard/DashboardHeader";
import { SiteFooter } from "../layout/SiteFooter";

/** /team/join?account=…&token=…: the invited person, signed in with the invited address, joins the team. */
export default function JoinTeamPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const account = params.get("account") ?? "";
  const token = params.get("token") ?? "";
  const here = `/team/join?${new URLSearchParams({ account, token })}`;
  const join = useMutation({
    mutationFn: () => apiJson("POST", "/api/team/join", { account, token } satisfies JoinTeamRequest, JoinedTeam),
    onSuccess: (joined) => {
      toast({ title: "You joined the team", description: `You work on this account as ${joined.role}.` });
      navigate("/dashboard");
    },
  });
  return (
    <>
      <DashboardHeader isAuthenticated={auth.isAuthenticated} />
      <Main className="container narrow">
        <h1>Join a team</h1>
        {auth.isLoading ? (
          <Spinner label="Loading…" />
        ) : !auth.isAuthenticated ? (
          <p>
            Sign in (or sign up) with the address the invitation was sent to, then come back to this link.{" "}
            <Link to={`/signin?next=${encodeURIComponent(here)}`}>Sign in</Link> ·{" "}
            <Link to={`/signup?next=${encodeURIComponent(here)}`}>Sign up</Link>
          </p>
        ) : (
          <div className="panel">
            <p>
              Joining makes you work on the inviting account: its threats, notices and settings as your role allows.
              While you are on a team, you work on its account rather than your own.
            </p>
            {join.error ? <p role="alert">{serverMessage(join.error)}</p> : null}
            <button type="button" className="btn btn-primary" disabled={join.isPending} onClick={() => join.mutate()}>
              {join.isPending ? "Joining…" : "Join the team"}
            </button>
          </div>
        )}
      </Main>
      <SiteFooter />
    </>
  );
}
