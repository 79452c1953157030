import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { useSignedInPage } from "../../auth/use-auth";
import { LoadFailed } from "../../ui/LoadFailed";
import { Main } from "../../ui/Page";
import { Spinner } from "../../ui/Spinner";
import { DashboardHeader } from "../dashboard/DashboardHeader";
import { SiteFooter } from "../layout/SiteFooter";
import { InviteForm } from "./InviteForm";
import { MyProtections } from "./MyProtections";
import { PeopleList } from "./PeopleList";
import { planFullMessage } from "./person-standing";
import { myProtectionsQuery, peopleListQuery } from "./queries";

/** /people: the account's protected people (each consenting in their own name) and the accounts protecting you. */
export default function PeoplePage() {
  const auth = useSignedInPage();
  const people = useQuery(peopleListQuery(auth.isAuthenticated));
  const mine = useQuery(myProtectionsQuery(auth.isAuthenticated));

  return (
    <>
      <DashboardHeader isAuthenticated={auth.isAuthenticated} />
      <Main className="container narrow">
        <div className="page-header">
          <h1>Protected People</h1>
        </div>
        {auth.isLoading || people.isLoading ? (
          <Spinner label="Loading protected people…" />
        ) : !auth.isAuthenticated ? (
          <p>You need to sign in to see the people you protect.</p>
        ) : (
          <>
            {people.data ? (
              <>
                {planFullMessage(people.data.limit) ? (
                  <section className="panel" aria-labelledby="invite-full-heading">
                    <h2 id="invite-full-heading" className="panel-title">
                      Invite someone to protect
                    </h2>
                    <p role="note">{planFullMessage(people.data.limit)}</p>
                    {people.data.limit.tier === "enterprise" ? (
                      <Link to="/settings" className="btn btn-secondary">
                        Manage billing in Settings
                      </Link>
                    ) : (
                      <Link to="/pricing" className="btn btn-secondary">
                        See plans
                      </Link>
                    )}
                  </section>
                ) : (
                  <InviteForm />
                )}
                <PeopleList data={people.data} />
              </>
            ) : (
              <LoadFailed what="The people you protect" error={people.error} onRetry={() => void people.refetch()} />
            )}
            {mine.data && mine.data.protections.length > 0 ? (
              <MyProtections protections={mine.data.protections} />
            ) : null}
          </>
        )}
      </Main>
      <SiteFooter />
    </>
  );
}
