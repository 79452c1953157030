import { useQuery } from "@tanstack/react-query";
import type { HealthReport } from "../api/types";
import { PublicHeader } from "../features/layout/PublicHeader";
import { HEALTH_KEY, SiteFooter } from "../features/layout/SiteFooter";
import { BusyButton } from "../ui/BusyButton";
import { LoadFailed } from "../ui/LoadFailed";
import { Main } from "../ui/Page";
import { Spinner } from "../ui/Spinner";

export default function StatusRoute() {
  const health = useQuery<HealthReport>({ queryKey: HEALTH_KEY });
  return (
    <>
      <PublicHeader />
      <Main className="container narrow section">
        <div className="page-header">
          <h1>System Status</h1>
          <BusyButton
            className="btn btn-secondary"
            busy={health.isFetching}
            busyLabel="Checking..."
            onClick={() => health.refetch()}
          >
            Check again
          </BusyButton>
        </div>
        {health.isLoading ? (
          <Spinner label="Checking services…" />
        ) : health.data ? (
          <table className="panel" style={{ width: "100%", borderCollapse: "collapse" }}>
            <caption className="visually-hidden">Service status</caption>
            <thead>
              <tr>
                <th scope="col" style={{ textAlign: "left" }}>
                  Service
                </th>
                <th scope="col" style={{ textAlign: "left" }}>
                  Status
                </th>
                <th scope="col" style={{ textAlign: "right" }}>
                  Latency
                </th>
              </tr>
            </thead>
            <tbody>
              {health.data.services.map((s) => (
                <tr key={s.name}>
                  <td>{s.name}</td>
                  <td>
                    <span className={s.ok ? "text-ok" : "text-danger"}>{s.ok ? "Up" : "Down"}</span>
                    {s.error ? <span className="small muted"> — {s.error}</span> : null}
                  </td>
                  <td style={{ textAlign: "right" }}>{Math.round(s.latencyMs)} ms</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <LoadFailed what="The status" error={health.error} onRetry={() => void health.refetch()} />
        )}
      </Main>
      <SiteFooter />
    </>
  );
}
