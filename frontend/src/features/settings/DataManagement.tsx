import { BiometricDeletion } from "@lg/domain/biometrics/web-contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { apiJson, apiRequest } from "../../api/client";
import { serverMessage } from "../../api/errors";
import type { DataExpiryDays, Profile } from "../../api/types";
import { BusyButton } from "../../ui/BusyButton";
import { RadioGroup } from "../../ui/Choices";
import { ConfirmDialog } from "../../ui/ConfirmDialog";
import { toast } from "../../ui/toast-store";
import { PROFILE_KEY } from "../preferences/profile-query";
import { useUpdateProfile } from "../preferences/use-update-profile";
import { downloadText } from "../threats/download-text";
import { deletionSummary } from "./deletion-summary";
import { TOLD_AT_ONCE, useDestructiveProof } from "./destructive-proof";

const EXPIRY_OPTIONS: { value: DataExpiryDays; label: string }[] = [
  { value: 30, label: "30 days" },
  { value: 90, label: "90 days (recommended)" },
  { value: 180, label: "180 days" },
  { value: -1, label: "Never" },
];
const DEFAULT_EXPIRY: DataExpiryDays = 90;

export function DataManagement({ profile }: { profile: Profile }) {
  const queryClient = useQueryClient();
  const update = useUpdateProfile();
  const [expiry, setExpiry] = useState<DataExpiryDays>(profile.dataExpiryDays ?? DEFAULT_EXPIRY);
  const [confirming, setConfirming] = useState(false);
  useEffect(() => setExpiry(profile.dataExpiryDays ?? DEFAULT_EXPIRY), [profile.dataExpiryDays]);

  const factors = useDestructiveProof("delete-biometrics");
  const deleteBiometrics = useMutation({
    mutationFn: () => apiJson("DELETE", "/api/biometric", factors.proof, BiometricDeletion),
    onSuccess: async (result) => {
      setConfirming(false);
      factors.reset();
      toast({ title: "Biometric data deleted", description: deletionSummary(result) });
      await queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
    },
    onError: (error) => toast({ title: "Deletion failed", description: serverMessage(error), variant: "destructive" }),
  });

  const exportData = useMutation({
    mutationFn: async () => (await apiRequest("GET", "/api/account/export")).text(),
    onSuccess: (text) => {
      downloadText("likenessguard-export.json", text, "application/json");
      toast({ title: "Export ready", description: "Your data has been downloaded." });
    },
    onError: (error) => toast({ title: "Export failed", description: serverMessage(error), variant: "destructive" }),
  });

  const save = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ dataExpiryDays: expiry });
  };

  return (
    <section className="panel" aria-labelledby="data-heading">
      <h2 id="data-heading">Data Management</h2>
      <dl className="detail-grid">
        <div>
          <dt>Face embeddings</dt>
          <dd>{profile.faceEmbeddingPath ? "Encrypted" : "Not Set"}</dd>
        </div>
        <div>
          <dt>Voice embeddings</dt>
          <dd>{profile.voiceEmbeddingPath ? "Encrypted" : "Not Set"}</dd>
        </div>
      </dl>
      <div className="button-row">
        <button type="button" className="btn btn-danger" onClick={() => setConfirming(true)}>
          Delete All Biometric Data
        </button>
        <BusyButton
          className="btn btn-secondary"
          busy={exportData.isPending}
          busyLabel="Preparing..."
          onClick={() => exportData.mutate()}
        >
          Export My Data
        </BusyButton>
      </div>
      <form className="form" onSubmit={save} style={{ marginTop: "1rem" }}>
        <RadioGroup
          legend="Auto-delete raw samples after"
          name="dataExpiryDays"
          options={EXPIRY_OPTIONS}
          value={expiry}
          onChange={setExpiry}
        />
        <div>
          <button type="submit" className="btn btn-primary" disabled={update.isPending}>
            {update.isPending ? "Saving..." : "Save Changes"}
          </button>
        </div>
      </form>
      <ConfirmDialog
        open={confirming}
        title="Delete all biometric data?"
        message={`This erases every face and voice sample, embedding and derived index we hold for you. Protection stops until you enrol again. Enter your current password to confirm. ${TOLD_AT_ONCE}`}
        confirmLabel="Delete All Biometric Data"
        pending={deleteBiometrics.isPending}
        blockedReason={factors.missing}
        onConfirm={() => deleteBiometrics.mutate()}
        onCancel={() => {
          factors.reset();
          setConfirming(false);
        }}
      >
        {factors.fields}
      </ConfirmDialog>
    </section>
  );
}
