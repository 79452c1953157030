import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useNavigate, useSearchParams } from "react-router-dom";
import { apiJson } from "../api/client";
import { errorStatus, serverMessage } from "../api/errors";
import { useAuth } from "../auth/use-auth";
import { parseDemoType, withDemo } from "../features/demo/demo-session";
import { PROFILE_KEY, profileQuery } from "../features/preferences/profile-query";
import { FlowHeader } from "../features/profile-setup/FlowHeader";
import { ScanSetupForm, type ScanSetupSubmit } from "../features/scan-setup/ScanSetupForm";
import { LoadFailed } from "../ui/LoadFailed";
import { Main } from "../ui/Page";
import { Spinner } from "../ui/Spinner";
import { toast } from "../ui/toast-store";

export default function ScanPreferencesRoute() {
  const [params] = useSearchParams();
  const demoParam = params.get("demo");
  const demoTier = parseDemoType(demoParam);
  const navigate = useNavigate();
  const auth = useAuth();
  const queryClient = useQueryClient();
  // Signed in, the plan is the one billing gives the account (the server refuses any other).
  const profile = useQuery({ ...profileQuery(auth.isAuthenticated), refetchOnMount: "always" });
  const billedTier = auth.isAuthenticated ? profile.data?.membershipTier : undefined;

  // Saved preferences are not protection: that needs a likeness and a scan, which the dashboard tracks
  // (its checklist leads to any setup step still missing). The demo goes on to the demo setup.
  const done = (saved: boolean) => {
    toast(
      saved
        ? { title: "Scan preferences saved", description: "Your next scans cover the selected platforms." }
        : {
            title: "Demo preferences",
            description:
              "Nothing was saved and nothing is monitored: this is the demo. Create an account to be protected.",
          },
    );
    navigate(saved ? "/dashboard" : withDemo("/onboarding", demoTier));
  };
  const saved = auth.isAuthenticated ? profile.data : undefined;
  const save = useMutation({
    mutationFn: (values: ScanSetupSubmit) => apiJson<unknown>("POST", "/api/scan-preferences", values),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
      done(true);
    },
    onError: (error) =>
      toast({
        title: "Setup Failed",
        // The server enforces plan limits with 403 and says which one was exceeded.
        description:
          errorStatus(error) === 403 ? serverMessage(error) : "Failed to configure scan preferences. Please try again.",
        variant: "destructive",
      }),
  });

  return (
    <Main className="container wizard">
      <div className="narrow" style={{ margin: "0 auto", maxWidth: 860 }}>
        <FlowHeader step={4} title="Scan Preferences" percent={100} demo={demoParam} />
        <div className="panel">
          {auth.isAuthenticated && !profile.data ? (
            profile.isError ? (
              <LoadFailed what="Your plan" error={profile.error} onRetry={() => void profile.refetch()} />
            ) : (
              <Spinner label="Loading your plan…" />
            )
          ) : (
            <ScanSetupForm
              // Opened again on what is saved once the profile answers (a cached one may be older).
              key={saved ? `${billedTier}:${saved.scanFrequency}:${saved.platforms.join(",")}` : (billedTier ?? "demo")}
              initialTier={demoTier ?? "personal"}
              {...(billedTier ? { billedTier } : {})}
              {...(saved
                ? {
                    saved: {
                      platforms: saved.platforms,
                      scanFrequency: saved.scanFrequency,
                      alertSensitivity: saved.notificationSettings?.sensitivity ?? "high",
                      autoTakedown: saved.autoTakedown,
                    },
                  }
                : {})}
              pending={save.isPending}
              onSubmit={(values) => (auth.isAuthenticated ? save.mutate(values) : done(false))}
            />
          )}
        </div>
      </div>
    </Main>
  );
}
