import { RemovedMember, SentInvitation } from "@lg/domain/team/web-contract";
import type { InviteMemberRequest } from "@lg/domain/team/web-requests";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { apiJson } from "../../api/client";
import { errorStatus, serverMessage } from "../../api/errors";
import { useSignedInPage } from "../../auth/use-auth";
import { Main } from "../../ui/Page";
import { Spinner } from "../../ui/Spinner";
import { toast } from "../../ui/toast-store";
import { DashboardHeader } from "../dashboard/DashboardHeader";
import { SiteFooter } from "../layout/SiteFooter";
import "./team.css";
import { LoadFailed } from "../../ui/LoadFailed";
import { ACTION_LABELS, AUDIT_KEY, auditQuery, ROLE_LABELS, TEAM_KEY, teamQuery } from "./team-api";
import { WorkingOn } from "./WorkingOn";

function InviteMember() {
  const queryClient = useQueryClient();
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<"admin" | "analyst">("analyst");
  const invite = useMutation({
    mutationFn: () =>
      apiJson("POST", "/api/team/invitations", { email, role } satisfies InviteMemberRequest, SentInvitation),
    onSuccess: () => {
      toast({ title: "Invitation sent", description: `${email} can join with the link in the email.` });
      setEmail("");
      void queryClient.invalidateQueries({ queryKey: TEAM_KEY });
      void queryClient.invalidateQueries({ queryKey: AUDIT_KEY });
    },
    onError: (error) => toast({ title: "Invitation", description: serverMessage(error), variant: "destructive" }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate();
  };
  return (
    <form className="form" onSubmit={submit}>
      <div className="form-row">
        <div className="field">
          <label htmlFor="invite-email">Email address</label>
          <input id="invite-email" type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="invite-role">Role</label>
          <select id="invite-role" value={role} onChange={(e) => setRole(e.target.value as "admin" | "analyst")}>
            <option value="analyst">Analyst</option>
            <option value="admin">Admin</option>
          </select>
        </div>
      </div>
      <p className="small muted">{ROLE_LABELS[role]}</p>
      <button type="submit" className="btn btn-primary" disabled={invite.isPending}>
        {invite.isPending ? "Sending…" : "Send invitation"}
      </button>
    </form>
  );
}

/** /team: members and their roles, invitations, and the audit log (viewable and exportable). */
export default function TeamPage() {
  const auth = useSignedInPage();
  const queryClient = useQueryClient();
  const team = useQuery(teamQuery(auth.isAuthenticated));
  const audit = useQuery(auditQuery(auth.isAuthenticated));

  const remove = useMutation({
    mutationFn: (userId: string) =>
      apiJson("DELETE", `/api/team/members/${encodeURIComponent(userId)}`, undefined, RemovedMember),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: TEAM_KEY });
      void queryClient.invalidateQueries({ queryKey: AUDIT_KEY });
    },
    onError: (error) => toast({ title: "Team", description: serverMessage(error), variant: "destructive" }),
  });

  return (
    <>
      <DashboardHeader isAuthenticated={auth.isAuthenticated} />
      <Main className="container narrow">
        <div className="page-header">
          <h1>Team and audit log</h1>
        </div>
        {auth.isAuthenticated ? <WorkingOn /> : null}
        {auth.isLoading || team.isLoading ? (
          <Spinner label="Loading your team…" />
        ) : errorStatus(team.error) === 403 ? (
          <p role="alert">{serverMessage(team.error)}</p>
        ) : team.data ? (
          <>
            <section className="panel" aria-labelledby="members-heading">
              <h2 id="members-heading">Members</h2>
              <ul className="team-members">
                {team.data.members.map((m) => (
                  <li key={m.userId}>
                    <strong>{m.email ?? m.userId}</strong> · {m.role[0]?.toUpperCase()}
                    {m.role.slice(1)}
                    {m.role !== "owner" ? (
                      <>
                        {" "}
                        <button
                          type="button"
                          className="btn btn-secondary btn-sm"
                          aria-label={`Remove ${m.email ?? m.userId} from the team`}
                          onClick={() => remove.mutate(m.userId)}
                        >
                          Remove
                        </button>
                      </>
                    ) : null}
                  </li>
                ))}
              </ul>
              {team.data.invitations.length > 0 ? (
                <>
                  <h3>Invitations waiting</h3>
                  <ul className="team-members">
                    {team.data.invitations.map((i) => (
                      <li key={i.id}>
                        {i.email} · {i.role} · until {new Date(i.expiresAt).toLocaleDateString()}
                      </li>
                    ))}
                  </ul>
                </>
              ) : null}
              <h3>Invite someone</h3>
              <InviteMember />
            </section>
            <section className="panel" aria-labelledby="audit-heading">
              <h2 id="audit-heading">Audit log</h2>
              <p>
                <a className="btn btn-secondary" href="/api/audit-log?format=csv" download>
                  Export CSV
                </a>{" "}
                <a className="btn btn-secondary" href="/api/audit-log?format=json" download>
                  Export JSON
                </a>
              </p>
              {audit.isPending ? (
                <p role="status">Loading the audit log…</p>
              ) : audit.isError ? (
                <LoadFailed what="The audit log" error={audit.error} onRetry={() => void audit.refetch()} />
              ) : audit.data.entries.length > 0 ? (
                <div className="audit-table-wrap">
                  <table className="audit-table">
                    <caption className="visually-hidden">Who did what, newest first</caption>
                    <thead>
                      <tr>
                        <th scope="col">When</th>
                        <th scope="col">Who</th>
                        <th scope="col">What</th>
                        <th scope="col">Subject</th>
                      </tr>
                    </thead>
                    <tbody>
                      {audit.data.entries.map((e) => (
                        <tr key={e.entryId}>
                          <td>{new Date(e.at).toLocaleString()}</td>
                          <td>{e.actorLabel ?? e.actorUserId}</td>
                          <td>
                            {ACTION_LABELS[e.action] ?? e.action}
                            {Object.keys(e.details).length > 0
                              ? ` (${Object.entries(e.details)
                                  .map(([k, v]) => `${k}: ${v}`)
                                  .join(", ")})`
                              : ""}
                          </td>
                          <td>{e.subject ?? ""}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              ) : (
                <p>Nothing recorded yet.</p>
              )}
            </section>
          </>
        ) : (
          <LoadFailed what="Your team" error={team.error} onRetry={() => void team.refetch()} />
        )}
      </Main>
      <SiteFooter />
    </>
  );
}
