import { Link } from "react-router-dom";
import { BRAND } from "../../content/marketing";

/** Header of the capture page: its title, and the demo banner in demo mode. */
export function FlowHeader(props: { title: string; demo: string | null }) {
  return (
    <div className="wizard-header">
      <Link to="/" className="brand">
        {BRAND}
      </Link>
      <h1 style={{ fontSize: "1.6rem", marginTop: "1rem" }}>{props.title}</h1>
      {props.demo ? (
        <p className="banner banner-demo" role="note">
          <strong>Demo Mode</strong> ({props.demo} plan): all data is simulated.
        </p>
      ) : null}
    </div>
  );
}
