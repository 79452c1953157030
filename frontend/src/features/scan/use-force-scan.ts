import { ScanStarted, ScanStatus } from "@lg/domain/threats/web-contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { apiJson, getChecked } from "../../api/client";
import { serverMessage } from "../../api/errors";
import { toast } from "../../ui/toast-store";
import { PROFILE_KEY } from "../preferences/profile-query";
import { STATS_KEY, THREATS_KEY } from "../threats/queries";
import type { ScanRun } from "./ScanProgress";

export const SCAN_STATUS_KEY = ["/api/scan/status"] as const;
const POLL_INTERVAL_MS = 2000;

/**
 * Starts a scan and polls its progress every 2 s until it finishes. This explicit poll is the one
 * exception to "no automatic refetch": it only runs while a scan the person started is running.
 */
export function useForceScan() {
  const queryClient = useQueryClient();
  const [watching, setWatching] = useState(false);
  /** The scan started here: an earlier scan's status still cached is never taken for its progress. */
  const [scanId, setScanId] = useState<string | null>(null);
  /** The scan this page started, once it ended: what it did, for pages that show the result. */
  const [finished, setFinished] = useState<ScanRun | null>(null);

  const start = useMutation({
    mutationFn: () => apiJson("POST", "/api/scan/force", undefined, ScanStarted),
    onSuccess: (started) => {
      toast({ title: "Scan initiated", description: "We are scanning your platforms now." });
      setScanId(started.scanId);
      setFinished(null);
      setWatching(true);
    },
    onError: (error) => toast({ title: "Scan failed", description: serverMessage(error), variant: "destructive" }),
  });

  const status = useQuery({
    queryKey: SCAN_STATUS_KEY,
    queryFn: getChecked(ScanStatus),
    enabled: watching,
    staleTime: 0,
    refetchInterval: watching ? POLL_INTERVAL_MS : false,
  });

  const current = status.data?.status !== "idle" && status.data?.scanId === scanId ? status.data : undefined;
  useEffect(() => {
    if (!watching || !current || current.status === "running") return;
    setWatching(false);
    setFinished(current);
    if (current.status === "failed") {
      toast({ title: "Scan failed", description: "The scan stopped before finishing.", variant: "destructive" });
    } else {
      toast({
        title: "Scan complete",
        // Threats known from earlier scans are not found again: "0 new" while the list shows them is true.
        description: `${current.itemsScanned} items checked, ${current.threatsFound} new ${current.threatsFound === 1 ? "threat" : "threats"} found.`,
      });
    }
    for (const key of [STATS_KEY, THREATS_KEY, PROFILE_KEY]) void queryClient.invalidateQueries({ queryKey: key });
  }, [watching, current, queryClient]);

  useEffect(() => {
    if (status.isError) setWatching(false);
  }, [status.isError]);

  const running = start.isPending || watching;
  return {
    start: () => start.mutate(),
    running,
    progress: watching && current ? current : null,
    finished,
    startFailed: start.isError,
  };
}
