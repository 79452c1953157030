import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { Link } from "react-router-dom";
import { useSignedInPage } from "../auth/use-auth";
import { BillingSection } from "../features/billing/BillingSection";
import { DashboardHeader } from "../features/dashboard/DashboardHeader";
import { SiteFooter } from "../features/layout/SiteFooter";
import { profileQuery } from "../features/preferences/profile-query";
import { AccountSecuritySection } from "../features/settings/AccountSecuritySection";
import { AlertChannelsSection } from "../features/settings/AlertChannelsSection";
import { DangerZone } from "../features/settings/DangerZone";
import { DataManagement } from "../features/settings/DataManagement";
import { PrivacyControls } from "../features/settings/PrivacyControls";
import { ScanPreferencesSection } from "../features/settings/ScanPreferencesSection";
import { useMay } from "../features/team/use-may";
import { WorkingOn } from "../features/team/WorkingOn";
import { LoadFailed } from "../ui/LoadFailed";
import { Main } from "../ui/Page";
import { Spinner } from "../ui/Spinner";

// Push setup is only needed on this page and only where a browser supports it: a separate chunk.
const PushNotificationsControl = lazy(() => import("../features/push/PushNotificationsControl"));

export default function SettingsRoute() {
  const auth = useSignedInPage();
  const profile = useQuery(profileQuery(auth.isAuthenticated));
  // A team member sees only what their role may change; the owner's own controls stay theirs.
  const mayBill = useMay("billing:manage");
  const ownerOnly = useMay("owner:only");

  return (
    <>
      <DashboardHeader isAuthenticated={auth.isAuthenticated} />
      <Main className="container narrow">
        <div className="page-header">
          <h1>Privacy Settings</h1>
          <Link to="/dashboard" className="btn btn-secondary" aria-label="Close settings and return to the dashboard">
            Close
          </Link>
        </div>
        {auth.isLoading || profile.isLoading ? (
          <Spinner label="Loading your settings…" />
        ) : !auth.isAuthenticated ? (
          <p>You need to sign in to change your settings.</p>
        ) : profile.data ? (
          <>
            {mayBill ? <BillingSection /> : null}
            <section className="panel" aria-labelledby="team-heading">
              <h2 id="team-heading">Team</h2>
              <WorkingOn />
              <p>Invite admins and analysts to work on this account, and read who did what.</p>
              <Link to="/team" className="btn btn-secondary">
                Team and audit log
              </Link>
            </section>
            {ownerOnly ? <DataManagement profile={profile.data} /> : null}
            <ScanPreferencesSection profile={profile.data} />
            <AlertChannelsSection profile={profile.data} />
            <Suspense fallback={null}>
              <PushNotificationsControl profile={profile.data} />
            </Suspense>
            <PrivacyControls profile={profile.data} />
            <AccountSecuritySection />
            <DangerZone />
          </>
        ) : (
          <LoadFailed what="Your settings" error={profile.error} onRetry={() => void profile.refetch()} />
        )}
      </Main>
      <SiteFooter />
    </>
  );
}
