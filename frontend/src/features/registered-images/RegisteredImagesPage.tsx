import {
  lowQualityReason,
  MAX_HASHES_PER_REQUEST,
  PDQ_MATCH_DISTANCE,
  PDQ_MIN_QUALITY,
} from "@lg/domain/registered-images/pdq-rules";
import type { RegisterHashesRequest } from "@lg/domain/registered-images/register-input";
import { DeletedHashes, RegisteredHashList, RegistrationResult } from "@lg/domain/registered-images/web-contract";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ChangeEvent, useState } from "react";
import { apiJson, apiRequest, getChecked } from "../../api/client";
import { serverMessage } from "../../api/errors";
import { useSignedInPage } from "../../auth/use-auth";
import { BusyButton } from "../../ui/BusyButton";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { LoadFailed } from "../../ui/LoadFailed";
import { Main } from "../../ui/Page";
import { Spinner } from "../../ui/Spinner";
import { toast } from "../../ui/toast-store";
import { DashboardHeader } from "../dashboard/DashboardHeader";
import { SiteFooter } from "../layout/SiteFooter";
import { downloadText } from "../threats/download-text";
import { hashMediaFile, type MediaHash } from "./hash-media";

const HASHES_KEY = ["/api/image-hashes"] as const;

interface FileOutcome {
  name: string;
  hashes: MediaHash[];
  /** Hashes of too low a quality, not sent, with the reason. */
  lowQuality: MediaHash[];
  error?: string;
}

async function registerAll(hashes: MediaHash[]) {
  const results: RegistrationResult[] = [];
  for (let start = 0; start < hashes.length; start += MAX_HASHES_PER_REQUEST) {
    const batch = hashes.slice(start, start + MAX_HASHES_PER_REQUEST);
    results.push(
      await apiJson(
        "POST",
        "/api/image-hashes",
        {
          hashes: batch.map(({ hash, quality, source }) => ({ hash, quality, source })),
        } satisfies RegisterHashesRequest,
        RegistrationResult,
      ),
    );
  }
  return {
    registered: results.reduce((n, r) => n + r.registered.length, 0),
    alreadyRegistered: results.reduce((n, r) => n + r.alreadyRegistered, 0),
  };
}

const when = (iso: string) => new Date(iso).toLocaleString();

/** /protect-images: intimate pictures and videos hashed on this device; only the hashes are registered. */
export default function RegisteredImagesPage() {
  const auth = useSignedInPage();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: HASHES_KEY,
    queryFn: getChecked(RegisteredHashList),
    enabled: auth.isAuthenticated,
  });
  const [hashing, setHashing] = useState<string | null>(null);
  const [outcomes, setOutcomes] = useState<FileOutcome[]>([]);
  const [confirmingAll, setConfirmingAll] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: HASHES_KEY });

  const register = useMutation({
    mutationFn: registerAll,
    onSuccess: async ({ registered, alreadyRegistered }) => {
      toast({
        title: `${registered} hash${registered === 1 ? "" : "es"} registered`,
        description: alreadyRegistered > 0 ? `${alreadyRegistered} were registered already.` : undefined,
      });
      await refresh();
    },
    onError: (error) => toast({ title: "Not registered", description: serverMessage(error), variant: "destructive" }),
  });

  const removeOne = useMutation({
    mutationFn: (hashId: string) =>
      apiJson("DELETE", `/api/image-hashes/${encodeURIComponent(hashId)}`, undefined, DeletedHashes),
    onSuccess: refresh,
    onError: (error) => toast({ title: "Not deleted", description: serverMessage(error), variant: "destructive" }),
  });
  const removeAll = useMutation({
    mutationFn: () => apiJson("DELETE", "/api/image-hashes", undefined, DeletedHashes),
    onSuccess: async ({ deleted }) => {
      setConfirmingAll(false);
      toast({ title: `${deleted} hash${deleted === 1 ? "" : "es"} deleted` });
      await refresh();
    },
    onError: (error) => toast({ title: "Not deleted", description: serverMessage(error), variant: "destructive" }),
  });
  const exportHashes = useMutation({
    mutationFn: async () => (await apiRequest("GET", "/api/image-hashes/export")).text(),
    onSuccess: (text) => downloadText("likenessguard-pdq-hashes.txt", text),
    onError: (error) => toast({ title: "Export failed", description: serverMessage(error), variant: "destructive" }),
  });

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = "";
    const done: FileOutcome[] = [];
    for (const file of files) {
      setHashing(file.name);
      try {
        const hashes = await hashMediaFile(file);
        done.push({
          name: file.name,
          hashes: hashes.filter((h) => h.quality >= PDQ_MIN_QUALITY),
          lowQuality: hashes.filter((h) => h.quality < PDQ_MIN_QUALITY),
        });
      } catch (error) {
        done.push({ name: file.name, hashes: [], lowQuality: [], error: serverMessage(error) });
      }
    }
    setHashing(null);
    setOutcomes(done);
    const usable = done.flatMap((o) => o.hashes);
    if (usable.length > 0) register.mutate(usable);
  };

  return (
    <>
      <DashboardHeader isAuthenticated={auth.isAuthenticated} />
      <Main className="container narrow">
        <div className="page-header">
          <h1>Protect intimate images</h1>
        </div>
        {auth.isLoading ? (
          <Spinner label="Loading…" />
        ) : !auth.isAuthenticated ? (
          <p>You need to sign in to protect your images.</p>
        ) : (
          <>
            <section className="panel" aria-labelledby="hash-heading">
              <h2 id="hash-heading">Your images never leave this device</h2>
              <p>
                Choose pictures or videos you fear could be shared without your consent. This browser computes a PDQ
                hash of each picture and of frames of each video: a 256-bit fingerprint, the one StopNCII and the
                platforms that work with it use. Only those fingerprints are sent to us: no picture, frame or file
                leaves this device. We store the hashes encrypted and show them to no one else, our staff included.
              </p>
              <p>
                Every scan and our crawl of public sites compare every picture and video frame they find, turned and
                mirrored too, with your hashes. A copy whose hash differs in at most {PDQ_MATCH_DISTANCE} of the 256
                bits is reported to you as a critical threat, with a removal request ready for you to send (under the
                TAKE IT DOWN Act where the platform is covered by it). PDQ compares a picture's layout: a re-saved,
                resized or mirrored copy is found, a cropped copy usually is not.
              </p>
              <label className="btn btn-primary">
                Choose pictures or videos
                <input
                  type="file"
                  accept="image/*,video/*"
                  multiple
                  className="visually-hidden"
                  aria-label="Choose pictures or videos to hash on this device"
                  onChange={(event) => void choose(event)}
                  disabled={hashing !== null || register.isPending}
                />
              </label>
              {hashing ? <Spinner label={`Hashing ${hashing} on this device…`} /> : null}
              {outcomes.length > 0 ? (
                <ul aria-label="Hashed on this device">
                  {outcomes.map((o) => (
                    <li key={o.name}>
                      <strong>{o.name}</strong>:{" "}
                      {o.error ? o.error : `${o.hashes.length} hash${o.hashes.length === 1 ? "" : "es"} to register`}
                      {o.lowQuality.length > 0 ? (
                        <p role="alert">
                          {o.lowQuality.length === 1 ? "One hash was" : `${o.lowQuality.length} hashes were`} not sent.{" "}
                          {lowQualityReason(Math.max(...o.lowQuality.map((h) => h.quality)))}
                        </p>
                      ) : null}
                    </li>
                  ))}
                </ul>
              ) : null}
            </section>
            <section className="panel" aria-labelledby="registered-heading">
              <h2 id="registered-heading">Registered hashes</h2>
              {list.isLoading ? (
                <Spinner label="Loading your hashes…" />
              ) : list.data ? (
                <>
                  <p>
                    {list.data.count === 0
                      ? "No hashes registered yet."
                      : `${list.data.count} hash${list.data.count === 1 ? "" : "es"} registered, stored encrypted.`}
                  </p>
                  {list.data.count > 0 ? (
                    <>
                      <ul aria-label="Registered hashes">
                        {list.data.hashes.map((h) => (
                          <li key={h.hashId}>
                            {h.source === "video-frame" ? "Video frame" : "Picture"}, quality {h.quality}, registered{" "}
                            {when(h.createdAt)}{" "}
                            <button
                              type="button"
                              className="btn btn-secondary"
                              onClick={() => removeOne.mutate(h.hashId)}
                              aria-label={`Delete the hash registered ${when(h.createdAt)}`}
                            >
                              Delete
                            </button>
                          </li>
                        ))}
                      </ul>
                      <div className="button-row">
                        <BusyButton
                          className="btn btn-secondary"
                          busy={exportHashes.isPending}
                          busyLabel="Preparing…"
                          onClick={() => exportHashes.mutate()}
                        >
                          Download my hashes (for StopNCII or a platform)
                        </BusyButton>
                        <button type="button" className="btn btn-danger" onClick={() => setConfirmingAll(true)}>
                          Delete all hashes
                        </button>
                      </div>
                    </>
                  ) : null}
                </>
              ) : (
                <LoadFailed what="Your registered hashes" error={list.error} onRetry={() => void list.refetch()} />
              )}
            </section>
            <ConfirmDialog
              open={confirmingAll}
              title="Delete all hashes?"
              message="From the next scan on, copies of these images will no longer be found."
              confirmLabel="Delete all"
              pending={removeAll.isPending}
              onConfirm={() => removeAll.mutate()}
              onCancel={() => setConfirmingAll(false)}
            />
          </>
        )}
      </Main>
      <SiteFooter />
    </>
  );
}
