import { useQuery } from "@tanstack/react-query";
import { PublicHeader } from "../features/layout/PublicHeader";
import { SiteFooter } from "../features/layout/SiteFooter";
import {
  measuringSince,
  noProbeWords,
  statusQuery,
  uptimeDetail,
  uptimeWords,
  when,
} from "../features/status/status-words";
import { BusyButton } from "../ui/BusyButton";
import { LoadFailed } from "../ui/LoadFailed";
import { Main } from "../ui/Page";
import { Spinner } from "../ui/Spinner";

const WINDOWS = [
  ["24h", "24 hours"],
  ["7d", "7 days"],
  ["30d", "30 days"],
] as const;

/** What a person relies on, its state at the latest probe, uptime measured by stored probes, and incidents. */
export default function StatusRoute() {
  const status = useQuery(statusQuery);
  const page = status.data;
  const since = page ? measuringSince(page) : undefined;
  return (
    <>
      <PublicHeader />
      <Main className="container narrow section">
        <div className="page-header">
          <h1>System Status</h1>
          <BusyButton
            className="btn btn-secondary"
            busy={status.isFetching}
            busyLabel="Loading..."
            onClick={() => status.refetch()}
          >
            Refresh
          </BusyButton>
        </div>
        {status.isLoading ? (
          <Spinner label="Loading the status…" />
        ) : page ? (
          <>
            <p className="small muted">
              A probe checks every {page.probeIntervalMinutes} minutes that each service these rely on answers. Uptime
              is the share of probes that passed; 7 and 30 days count whole UTC days, today so far included.
            </p>
            <table className="panel status-table">
              <caption className="visually-hidden">Status and uptime of each part of the service</caption>
              <thead>
                <tr>
                  <th scope="col">Part of the service</th>
                  <th scope="col">Latest probe</th>
                  {WINDOWS.map(([key, label]) => (
                    <th scope="col" key={key}>
                      Uptime, {label}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {page.components.map((c) => (
                  <tr key={c.id}>
                    <th scope="row">
                      {c.name}
                      <span className="small muted"> — {c.what}</span>
                    </th>
                    <td>
                      {c.current ? (
                        <>
                          <span className={c.current.ok ? "text-ok" : "text-danger"}>
                            {c.current.ok ? "Operational" : "Down"}
                          </span>
                          <span className="small muted"> at {when(c.current.at)}</span>
                        </>
                      ) : (
                        <span className="muted">{noProbeWords(c)}</span>
                      )}
                    </td>
                    {WINDOWS.map(([key]) => (
                      <td key={key} title={uptimeDetail(c.uptime[key])}>
                        {uptimeWords(c.uptime[key])}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
            <h2>Incidents, last 30 days</h2>
            {page.incidents.length === 0 ? (
              <p>
                {page.components.every((c) => noProbeWords(c) === "No probe has run yet" && c.current === null)
                  ? "No probe has run yet."
                  : `No probe has failed ${since ? `since probing began on ${since.slice(0, 10)}` : "in the last 30 days"}.`}
              </p>
            ) : (
              <ul className="incident-list">
                {page.incidents.map((i) => (
                  <li key={`${i.component}-${i.startedAt}`}>
                    <strong>{i.name}</strong>: probes failed from {when(i.startedAt)};{" "}
                    {i.resolvedAt ? `passing again at ${when(i.resolvedAt)}` : "still failing"}.
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : (
          <LoadFailed what="The status" error={status.error} onRetry={() => void status.refetch()} />
        )}
      </Main>
      <SiteFooter />
    </>
  );
}
