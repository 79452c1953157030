import { Link } from "react-router-dom";
import { BRAND } from "../../content/marketing";
import { ProgressBar } from "../../ui/ProgressBar";

/** Header of the four-step flow: 'Step n of 4: Title' with its fixed progress. */
export function FlowHeader(props: { step: number; title: string; percent: number; demo: string | null }) {
  return (
    <div className="wizard-header">
      <Link to="/" className="brand">
        {BRAND}
      </Link>
      <h1 style={{ fontSize: "1.6rem", marginTop: "1rem" }}>
        Step {props.step} of 4: {props.title}
      </h1>
      <ProgressBar value={props.percent} label={`Setup progress ${props.percent}%`} />
      {props.demo ? (
        <p className="banner banner-demo" role="note">
          <strong>Demo Mode</strong> ({props.demo} plan): all data is simulated.
        </p>
      ) : null}
    </div>
  );
}
