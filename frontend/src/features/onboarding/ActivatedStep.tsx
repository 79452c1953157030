import { Link } from "react-router-dom";
import { withDemo } from "../demo/demo-session";

/** The demo setup's end: nothing of the visitor's was stored, so nothing is protected. */
export function ActivatedStep({ demo }: { demo: string | null }) {
  return (
    <section aria-labelledby="activated-heading">
      <h2 id="activated-heading">Demo setup finished</h2>
      <p>
        This was a walkthrough with demo data: nothing was stored and nobody is being protected.{" "}
        <Link to="/signup">Create an account</Link> to protect your own likeness.
      </p>
      <Link to={withDemo("/dashboard", demo)} className="btn btn-primary btn-lg">
        See the demo dashboard
      </Link>
    </section>
  );
}
