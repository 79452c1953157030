import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../api/client";
import { serverMessage } from "../../api/errors";
import { apiUrl } from "../../api/runtime-config";
import type { Threat } from "../../api/types";
import { Dialog } from "../../ui/Dialog";
import { toast } from "../../ui/toast-store";
import { platformName } from "../platforms/catalogue";
import { EvidenceVerification } from "./EvidenceVerification";
import { confidenceClass, statusLabel, takedownLabel, threatTitle, threatTypeLabel } from "./format";
import { STATS_KEY, THREATS_KEY } from "./queries";
import { ThreatFindings } from "./ThreatFindings";

interface ThreatDetailsDialogProps {
  threat: Threat | null;
  onClose: () => void;
  onGenerateDmca: (threat: Threat) => void;
}

const EVIDENCE_ITEMS = ["Screenshot captured", "Metadata preserved", "Content hash recorded", "Legal package ready"];

export function ThreatDetailsDialog({ threat, onClose, onGenerateDmca }: ThreatDetailsDialogProps) {
  const queryClient = useQueryClient();
  const markFalsePositive = useMutation({
    mutationFn: (id: string) =>
      apiJson<unknown>("PUT", `/api/threats/${encodeURIComponent(id)}/status`, { status: "false_positive" }),
    onSuccess: async () => {
      toast({ title: "Marked as false positive", description: "This alert will no longer count as a threat." });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: THREATS_KEY }),
        queryClient.invalidateQueries({ queryKey: STATS_KEY }),
      ]);
      onClose();
    },
    onError: (error) => toast({ title: "Update failed", description: serverMessage(error), variant: "destructive" }),
  });

  if (!threat) return null;
  return (
    <Dialog open title={`Threat details: ${threatTitle(threat)}`} onClose={onClose} wide>
      {threat.previewUrl ? (
        <div className="preview">
          <img src={apiUrl(threat.previewUrl)} alt="" />
          <span className="preview-label">Censored content preview</span>
        </div>
      ) : (
        <p className="preview preview-empty">
          <span className="preview-label">No preview: open the threat URL to review the content</span>
        </p>
      )}
      <dl className="detail-grid">
        <div>
          <dt>Match confidence</dt>
          <dd className={confidenceClass(threat.confidence)}>{Math.round(threat.confidence)}%</dd>
        </div>
        <div>
          <dt>Threat type</dt>
          <dd>{threatTypeLabel(threat.threatType)}</dd>
        </div>
        <div>
          <dt>Source platform</dt>
          <dd>{platformName(threat.platform)}</dd>
        </div>
        <div>
          <dt>Content type</dt>
          <dd>{threat.contentType ?? "Unknown"}</dd>
        </div>
        <div>
          <dt>Detection time</dt>
          <dd>{new Date(threat.createdAt).toLocaleString()}</dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <span className={`badge ${threat.status === "active" ? "badge-destructive" : "badge-secondary"}`}>
              {statusLabel(threat.status)}
            </span>
          </dd>
        </div>
        {takedownLabel(threat) ? (
          <div>
            <dt>Takedown</dt>
            <dd>{takedownLabel(threat)}</dd>
          </div>
        ) : null}
      </dl>
      <ThreatFindings threat={threat} />
      <h3>Evidence package</h3>
      <ul className="check-list small">
        {EVIDENCE_ITEMS.map((item) => (
          <li key={item} className={threat.evidenceData ? undefined : "pending"}>
            {item}
          </li>
        ))}
      </ul>
      <p className="small">
        <strong>Evidence hash: </strong>
        <span className="mono">{threat.evidenceData?.hash ?? "Hash not available"}</span>
      </p>
      <EvidenceVerification threat={threat} />
      <p className="small">
        <strong>Threat URL: </strong>
        <a href={threat.url} target="_blank" rel="noopener noreferrer nofollow" className="mono">
          {threat.url}
        </a>
      </p>
      <div className="dialog-footer">
        <button type="button" className="btn btn-secondary" onClick={onClose}>
          Close
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          disabled={markFalsePositive.isPending || threat.status === "false_positive"}
          onClick={() => markFalsePositive.mutate(threat.id)}
        >
          Mark as False Positive
        </button>
        <button type="button" className="btn btn-primary" onClick={() => onGenerateDmca(threat)}>
          Generate DMCA
        </button>
        <button type="button" className="btn btn-danger" onClick={() => onGenerateDmca(threat)}>
          Immediate Takedown
        </button>
      </div>
    </Dialog>
  );
}
