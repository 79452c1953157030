import { Link } from "react-router-dom";
import { Main } from "../ui/Page";

export default function NotFoundRoute() {
  return (
    <Main className="container narrow center section">
      <h1>Page Not Found</h1>
      <p className="muted">The page you were looking for does not exist or has moved.</p>
      <Link to="/" className="btn btn-primary">
        Back to Home
      </Link>
    </Main>
  );
}
