import { DemoNotice } from "@lg/domain/demo/web-contract";
import type { DemoNoticeRequest } from "@lg/domain/demo/web-requests";
import { useQuery } from "@tanstack/react-query";
import { apiJson } from "../../api/client";
import { serverMessage } from "../../api/errors";
import type { Threat } from "../../api/types";
import { BRAND } from "../../content/marketing";
import { Dialog } from "../../ui/Dialog";
import { Spinner } from "../../ui/Spinner";
import { downloadText } from "../threats/download-text";

/**
 * The demo's Take Down / Prepare takedown notice: works without an account on demo data, shows the notice the
 * product would write, and offers only a download. Nothing is sent from a demo.
 */
export function DemoNoticeDialog({
  open,
  threat,
  onClose,
}: {
  open: boolean;
  threat: Threat | null;
  onClose: () => void;
}) {
  const notice = useQuery({
    queryKey: ["/api/demo/dmca", threat?.id],
    queryFn: () =>
      apiJson("POST", "/api/demo/dmca", { threatId: threat?.id ?? "" } satisfies DemoNoticeRequest, DemoNotice),
    enabled: open && threat !== null,
  });
  return (
    <Dialog open={open} title="Takedown notice (demo)" onClose={onClose} wide>
      <p className="banner banner-demo" role="note">
        Demo: this is the notice {BRAND} would prepare for this simulated threat. Nothing is sent from the demo.
      </p>
      {threat === null ? (
        <p>There is no active demo threat to take down.</p>
      ) : notice.isLoading ? (
        <Spinner label="Generating the notice…" />
      ) : notice.isError || !notice.data ? (
        <p role="alert">The demo notice could not be generated: {serverMessage(notice.error)}</p>
      ) : (
        <>
          <p>
            <strong>Where it would go:</strong> {notice.data.recipient}
          </p>
          <p className="small muted">{notice.data.reason}</p>
          <label htmlFor="demo-notice-text">Notice text</label>
          <textarea
            id="demo-notice-text"
            className="consent-text"
            readOnly
            rows={14}
            value={notice.data.requestContent}
          />
          <div className="button-row">
            <button
              type="button"
              className="btn btn-primary"
              onClick={() =>
                notice.data &&
                downloadText(`demo-takedown-notice-${notice.data.threatId}.txt`, notice.data.requestContent)
              }
            >
              Download Notice
            </button>
            <button type="button" className="btn btn-secondary" onClick={onClose}>
              Close
            </button>
          </div>
        </>
      )}
    </Dialog>
  );
}
