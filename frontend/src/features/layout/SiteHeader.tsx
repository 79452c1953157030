import { type ReactNode, useState } from "react";
import { Link, NavLink } from "react-router-dom";
import { BRAND } from "../../content/marketing";
import { Icon } from "../../ui/Icon";

export interface NavItem {
  to: string;
  label: string;
}

/** The top bar shared by every screen; on narrow screens the links fold behind a Menu button. */
export function SiteHeader({ links, actions }: { links: NavItem[]; actions?: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <header className="site-header">
      <div className="container header-row">
        <Link to="/" className="brand" aria-label={`${BRAND} home`}>
          <Icon name="shield" size={24} />
          <span>{BRAND}</span>
        </Link>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={open}
          aria-controls="site-nav"
          onClick={() => setOpen((v) => !v)}
        >
          Menu
        </button>
        <nav id="site-nav" aria-label="Main" className={`site-nav${open ? " is-open" : ""}`}>
          <ul>
            {links.map((link) => (
              <li key={link.to + link.label}>
                <NavLink to={link.to} end onClick={() => setOpen(false)}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
          {actions ? <div className="nav-actions">{actions}</div> : null}
        </nav>
      </div>
    </header>
  );
}
