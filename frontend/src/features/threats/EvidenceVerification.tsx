import { EvidenceCheck } from "@lg/domain/threats/web-contract";
import { useMutation } from "@tanstack/react-query";
import { apiJson } from "../../api/client";
import { serverMessage } from "../../api/errors";
import type { Threat } from "../../api/types";

/**
 * Re-hashes the stored evidence package on the server against the hash recorded when it was
 * captured, so the person (or their lawyer) can see it has not changed since.
 */
export function EvidenceVerification({ threat }: { threat: Threat }) {
  const check = useMutation({
    mutationFn: () =>
      apiJson("GET", `/api/threats/${encodeURIComponent(threat.id)}/evidence`, undefined, EvidenceCheck),
  });
  if (!threat.evidenceData) return null;
  if (threat.demo) return <p className="small muted">Demo threats have no stored evidence package to verify.</p>;
  const result = check.data;
  return (
    <div className="evidence-check">
      <button type="button" className="btn btn-secondary" disabled={check.isPending} onClick={() => check.mutate()}>
        {check.isPending ? "Verifying…" : "Verify evidence"}
      </button>
      <p className="small" role="status">
        {check.isError ? `Could not verify: ${serverMessage(check.error)}` : null}
        {result?.intact
          ? `Evidence intact: the package and its ${result.files.length} files match the hash recorded at capture.`
          : null}
        {result && !result.intact
          ? `Evidence changed: ${
              result.manifestHash === null
                ? "the package is missing"
                : `${result.files.filter((f) => !f.intact).length} of ${result.files.length} files or the manifest no longer match`
            }.`
          : null}
      </p>
    </div>
  );
}
