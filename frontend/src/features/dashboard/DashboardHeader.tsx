import { Link } from "react-router-dom";
import { signOut } from "../../auth/session-navigation";
import { SiteHeader } from "../layout/SiteHeader";

/** Dashboard and settings nav: Home only when signed out, Settings and Logout only when signed in. */
export function DashboardHeader({ isAuthenticated }: { isAuthenticated: boolean }) {
  const links = [
    { to: "/dashboard", label: "Dashboard" },
    { to: "/features", label: "Features" },
    { to: "/pricing", label: "Pricing" },
    ...(isAuthenticated
      ? [
          { to: "/takedowns", label: "Takedowns" },
          { to: "/people", label: "People" },
          { to: "/protect-images", label: "Protect images" },
          { to: "/settings", label: "Settings" },
        ]
      : [{ to: "/", label: "Home" }]),
  ];
  return (
    <SiteHeader
      links={links}
      actions={
        isAuthenticated ? (
          <button type="button" className="btn btn-secondary" onClick={signOut}>
            Logout
          </button>
        ) : (
          <Link to="/signup" className="btn btn-primary">
            Get Started
          </Link>
        )
      }
    />
  );
}
