import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { BRAND, PRIVACY_STATEMENT } from "../../content/marketing";
import { statusLine, statusQuery } from "../status/status-words";

/** Footer with the status the probes measured (GET /api/status, as the status page), never a fixed label. */
export function SiteFooter() {
  const status = useQuery(statusQuery);
  const line = statusLine(status.data, status);
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <div>
          <p className="footer-brand">{BRAND}</p>
          <p className="muted small">{PRIVACY_STATEMENT}</p>
        </div>
        <nav aria-label="Product">
          <h2 className="footer-heading">Product</h2>
          <ul>
            <li>
              <Link to="/dashboard">Dashboard</Link>
            </li>
            <li>
              <Link to="/settings">Settings</Link>
            </li>
            <li>
              <Link to="/features">Features</Link>
            </li>
            <li>
              <Link to="/pricing">Pricing</Link>
            </li>
            <li>
              <Link to="/docs/api">API Documentation</Link>
            </li>
            <li>
              <Link to="/integrations">Integrations</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Security and legal">
          <h2 className="footer-heading">Security &amp; Legal</h2>
          <ul>
            <li>
              <Link to="/privacy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/terms">Terms of Service</Link>
            </li>
            <li>
              <Link to="/dmca-policy">DMCA Policy</Link>
            </li>
            <li>
              <Link to="/compliance">Security and Compliance</Link>
            </li>
          </ul>
        </nav>
        <nav aria-label="Support">
          <h2 className="footer-heading">Support</h2>
          <ul>
            <li>
              <Link to="/status">System Status</Link>
            </li>
            <li>
              <Link to="/pricing#faq">Questions and answers</Link>
            </li>
          </ul>
          <p className="status-line">
            <span className={`status-dot ${line.dot}`} aria-hidden="true" />
            {line.text}
          </p>
        </nav>
      </div>
      <p className="container small muted copyright">
        © {new Date().getFullYear()} {BRAND}. All rights reserved.
      </p>
    </footer>
  );
}
