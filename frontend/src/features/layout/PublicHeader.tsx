import { useNavigate } from "react-router-dom";
import { useAuth } from "../../auth/use-auth";
import { SiteHeader } from "./SiteHeader";

/** Landing-style navigation: Home, Features, Pricing, Live Demo, View Demo, Get Started. */
export function PublicHeader({ onViewDemo }: { onViewDemo?: () => void }) {
  const { isAuthenticated } = useAuth();
  const navigate = useNavigate();
  return (
    <SiteHeader
      links={[
        { to: "/", label: "Home" },
        { to: "/features", label: "Features" },
        { to: "/pricing", label: "Pricing" },
        { to: "/dashboard", label: "Live Demo" },
      ]}
      actions={
        <>
          {onViewDemo ? (
            <button type="button" className="btn btn-ghost" onClick={onViewDemo}>
              View Demo
            </button>
          ) : null}
          <button
            type="button"
            className="btn btn-primary"
            onClick={() => navigate(isAuthenticated ? "/onboarding" : "/signup")}
          >
            Get Started
          </button>
        </>
      }
    />
  );
}
