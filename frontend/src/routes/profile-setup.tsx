import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import { apiJson } from "../api/client";
import { useAuth } from "../auth/use-auth";
import { PROFILE_KEY, profileQuery } from "../features/preferences/profile-query";
import { FlowHeader } from "../features/profile-setup/FlowHeader";
import { ProfileComplete } from "../features/profile-setup/ProfileComplete";
import { ProfileForm } from "../features/profile-setup/ProfileForm";
import { type ProfileSetupValues, savedProfileValues } from "../features/profile-setup/validate-profile";
import { Main } from "../ui/Page";
import { Spinner } from "../ui/Spinner";
import { toast } from "../ui/toast-store";

export default function ProfileSetupRoute() {
  const [params] = useSearchParams();
  const demo = params.get("demo");
  const auth = useAuth();
  const queryClient = useQueryClient();
  const [saved, setSaved] = useState<ProfileSetupValues | null>(null);
  // Signed in, the form opens on what the account already saved (the onboarding may have set the name).
  const profile = useQuery(profileQuery(auth.isAuthenticated));

  // Signed in: the profile is stored on the account. Otherwise the spec's demo call keeps it server-side per demo.
  const create = useMutation({
    mutationFn: (values: ProfileSetupValues) =>
      auth.isAuthenticated
        ? apiJson<unknown>("PUT", "/api/profile", values)
        : apiJson<unknown>("POST", "/api/demo/profile", { ...values, demoType: demo ?? "personal" }),
    onSuccess: (_result, values) => {
      setSaved(values);
      toast({ title: "Profile Created", description: "Your profile has been set up successfully." });
      void queryClient.invalidateQueries({ queryKey: PROFILE_KEY });
    },
    onError: () =>
      toast({ title: "Error", description: "Failed to create profile. Please try again.", variant: "destructive" }),
  });

  return (
    <Main className="container narrow wizard">
      <FlowHeader step={1} title="Profile Setup" percent={25} demo={demo} />
      <div className="panel">
        {saved ? (
          <ProfileComplete values={saved} demo={demo} saved={auth.isAuthenticated ? "account" : "demo"} />
        ) : auth.isLoading || (auth.isAuthenticated && profile.isPending) ? (
          <Spinner label="Loading your profile…" />
        ) : (
          <ProfileForm
            initial={savedProfileValues(profile.data)}
            pending={create.isPending}
            onSubmit={(values) => create.mutate(values)}
          />
        )}
      </div>
    </Main>
  );
}
