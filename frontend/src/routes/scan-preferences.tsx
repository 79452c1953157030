import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate, useSearchParams } from "react-router-dom";
import { apiJson } from "../api/client";
import { errorStatus, serverMessage } from "../api/errors";
import { useAuth } from "../auth/use-auth";
import { parseDemoType, withDemo } from "../features/demo/demo-session";
import { PROFILE_KEY } from "../features/preferences/profile-query";
import { FlowHeader } from "../features/profile-setup/FlowHeader";
import { ScanSetupForm, type ScanSetupSubmit } from "../features/scan-setup/ScanSetupForm";
import { Main } from "../ui/Page";
import { toast } from "../ui/toast-store";

export default function ScanPreferencesRoute() {
  const [params] = useSearchParams();
  const demoParam = params.get("demo");
  const demoTier = parseDemoType(demoParam);
  const navigate = useNavigate();
  const auth = useAuth();
  const queryClient = useQueryClient();

  const done = () => {
    toast({
      title: "Protection Activated",
      description: "Your AI guards are now monitoring the selected platforms. Welcome to LikenessGuard!",
    });
    navigate(withDemo("/onboarding", demoTier));
  };
  const save = useMutation({
    mutationFn: (values: ScanSetupSubmit) => apiJson<unknown>("POST", "/api/scan-preferences", values),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
      done();
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
          <ScanSetupForm
            initialTier={demoTier ?? "personal"}
            pending={save.isPending}
            onSubmit={(values) => (auth.isAuthenticated ? save.mutate(values) : done())}
          />
        </div>
      </div>
    </Main>
  );
}
