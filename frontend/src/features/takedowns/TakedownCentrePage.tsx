import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useId } from "react";
import { Link, useParams, useSearchParams } from "react-router-dom";
import { errorStatus } from "../../api/errors";
import { useSignedInPage } from "../../auth/use-auth";
import { Main } from "../../ui/Page";
import { Spinner } from "../../ui/Spinner";
import { DashboardHeader } from "../dashboard/DashboardHeader";
import { SiteFooter } from "../layout/SiteFooter";
import { NotSentList } from "./AutomationOutcome";
import { STATE_FILTERS } from "./format";
import { takedownQuery, takedownsQuery } from "./queries";
import { TakedownDetailPanel } from "./TakedownDetailPanel";
import { TakedownList } from "./TakedownList";
import "./takedowns.css";
import { LoadFailed } from "../../ui/LoadFailed";

/** /takedowns and /takedowns/:id: every notice the person made, and one case in full beside the list. */
export default function TakedownCentrePage() {
  const auth = useSignedInPage();
  const { id } = useParams();
  const [params, setParams] = useSearchParams();
  const state = params.get("state") ?? "";
  const filterId = useId();
  const list = useInfiniteQuery(takedownsQuery(state, auth.isAuthenticated));
  const detail = useQuery(takedownQuery(id ?? "", auth.isAuthenticated && Boolean(id)));

  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  const notSent = list.data?.pages[0]?.notSent ?? [];
  return (
    <>
      <DashboardHeader isAuthenticated={auth.isAuthenticated} />
      <Main className="container">
        <div className="page-header">
          <h1>Takedown centre</h1>
          <Link to="/dashboard" className="btn btn-secondary">
            Back to dashboard
          </Link>
        </div>
        {auth.isLoading ? (
          <Spinner label="Loading…" />
        ) : !auth.isAuthenticated ? (
          <p>You need to sign in to see your takedown notices.</p>
        ) : (
          <div className={`takedown-layout${id ? " has-detail" : ""}`}>
            <section aria-label="Notices">
              <NotSentList outcomes={notSent} />
              <div className="takedown-filter">
                <label htmlFor={filterId}>Show</label>
                <select
                  id={filterId}
                  value={state}
                  onChange={(e) => setParams(e.target.value ? { state: e.target.value } : {})}
                >
                  {STATE_FILTERS.map((f) => (
                    <option key={f.value} value={f.value}>
                      {f.label}
                    </option>
                  ))}
                </select>
              </div>
              {list.isLoading ? (
                <Spinner label="Loading your notices…" />
              ) : list.isError ? (
                <LoadFailed what="Your notices" error={list.error} onRetry={() => void list.refetch()} />
              ) : items.length === 0 ? (
                <p>
                  {state
                    ? "No notices in this state."
                    : "No takedown notices yet. Open a threat on the dashboard and choose Take Down to make one."}
                </p>
              ) : (
                <>
                  <TakedownList items={items} {...(id ? { selectedId: id } : {})} />
                  {list.hasNextPage ? (
                    <button
                      type="button"
                      className="btn btn-secondary"
                      disabled={list.isFetchingNextPage}
                      onClick={() => void list.fetchNextPage()}
                    >
                      {list.isFetchingNextPage ? "Loading…" : "Show more"}
                    </button>
                  ) : null}
                </>
              )}
            </section>
            {id ? (
              <section aria-label="Notice details">
                {detail.isLoading ? (
                  <Spinner label="Loading the notice…" />
                ) : detail.data ? (
                  <TakedownDetailPanel notice={detail.data} />
                ) : errorStatus(detail.error) === 404 ? (
                  <p role="alert">This notice does not exist or is not yours.</p>
                ) : (
                  <LoadFailed what="This notice" error={detail.error} onRetry={() => void detail.refetch()} />
                )}
              </section>
            ) : null}
          </div>
        )}
      </Main>
      <SiteFooter />
    </>
  );
}
