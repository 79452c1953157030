import { useQuery } from "@tanstack/react-query";
import { myTeamQuery } from "./team-api";

/** For a team member: whose account they are working on, and as what (nothing for owners). */
export function WorkingOn() {
  const me = useQuery(myTeamQuery(true));
  if (!me.data || me.data.own) return null;
  return (
    <p className="banner banner-info" role="note">
      You work on {me.data.ownerEmail ? `${me.data.ownerEmail}'s` : "a team's"} account as{" "}
      {me.data.role === "admin" ? "an admin" : "an analyst"}
      {me.data.role === "analyst" ? ": you see and triage its threats; notices, settings and billing are theirs" : ""}.
    </p>
  );
}
