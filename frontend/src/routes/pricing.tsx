import { Link, useSearchParams } from "react-router-dom";
import { useAuth } from "../auth/use-auth";
import { FAQ, PLANS, priceLabel, TRIAL } from "../content/marketing";
import { PlanCheckout, parsePeople } from "../features/billing/PlanCheckout";
import { parseDemoType, withDemo } from "../features/demo/demo-session";
import { PublicHeader } from "../features/layout/PublicHeader";
import { SiteFooter } from "../features/layout/SiteFooter";
import { Main } from "../ui/Page";

export default function PricingRoute() {
  const [params] = useSearchParams();
  const demo = parseDemoType(params.get("demo"));
  const highlighted = demo ?? "professional";
  const auth = useAuth();
  // Back from sign-up with the plan chosen before it (?checkout=<tier>).
  const continuing = PLANS.find((p) => p.tier === params.get("checkout") && p.monthlyPrice !== null);
  const continuingPeople = parsePeople(params.get("people"));
  return (
    <>
      <PublicHeader />
      <Main>
        <section className="hero">
          <div className="container center">
            <h1>Simple, transparent pricing</h1>
            <p className="lead">
              {TRIAL.days}-day free trial{TRIAL.cardRequired ? "" : ", no credit card required"}. No setup fees.
            </p>
          </div>
        </section>
        {continuing && auth.isAuthenticated ? (
          <section className="section" aria-labelledby="continue-heading">
            <div className="container narrow panel">
              <h2 id="continue-heading">Continue to checkout</h2>
              <p>Your account is ready. Continue to checkout for the {continuing.name} plan.</p>
              <PlanCheckout
                plan={continuing}
                label={`Continue with ${continuing.name}`}
                className="btn btn-primary"
                {...(continuingPeople === undefined ? {} : { people: continuingPeople })}
              />
            </div>
          </section>
        ) : null}
        <section className="section" aria-labelledby="plans-heading">
          <div className="container">
            <h2 id="plans-heading" className="visually-hidden">
              Plans
            </h2>
            <div className="card-grid three">
              {PLANS.map((plan) => (
                <article key={plan.tier} className={`card${plan.tier === highlighted ? " is-highlighted" : ""}`}>
                  {plan.tier === highlighted ? (
                    <p className="badge badge-on">{demo ? "Recommended for Demo" : "Most Popular"}</p>
                  ) : null}
                  <h3>{plan.name}</h3>
                  <p className="small muted">{plan.tagline}</p>
                  <p className="plan-price">{priceLabel(plan)}</p>
                  <ul className="check-list small">
                    {plan.features.map((f) => (
                      <li key={f}>{f}</li>
                    ))}
                  </ul>
                  {demo ? (
                    // The demo takes no money: its plans are tried in the demo's own profile.
                    <Link
                      to={withDemo("/profile-setup", demo)}
                      className={`btn btn-block ${plan.tier === highlighted ? "btn-primary" : "btn-secondary"}`}
                      aria-label={`Choose the ${plan.name} plan`}
                    >
                      {plan.monthlyPrice === null ? "Contact Sales" : "Choose Plan"}
                    </Link>
                  ) : plan.monthlyPrice === null ? (
                    <a
                      href="mailto:enterprise@likenessguard.example"
                      className={`btn btn-block ${plan.tier === highlighted ? "btn-primary" : "btn-secondary"}`}
                      aria-label={`Contact sales about the ${plan.name} plan`}
                    >
                      Contact Sales
                    </a>
                  ) : (
                    <PlanCheckout
                      plan={plan}
                      label="Choose Plan"
                      className={`btn btn-block ${plan.tier === highlighted ? "btn-primary" : "btn-secondary"}`}
                    />
                  )}
                  {plan.perProtectedPerson && !demo ? (
                    <p className="small">
                      <a href="mailto:enterprise@likenessguard.example">Contact sales</a> for custom terms.
                    </p>
                  ) : null}
                </article>
              ))}
            </div>
          </div>
        </section>
        <section className="section" id="faq" aria-labelledby="faq-heading">
          <div className="container narrow">
            <h2 id="faq-heading">Frequently asked questions</h2>
            <dl className="faq">
              {FAQ.map((item) => (
                <div key={item.q}>
                  <dt>{item.q}</dt>
                  <dd>{item.a}</dd>
                </div>
              ))}
            </dl>
            <div className="panel" style={{ marginTop: "2rem" }}>
              <h3>Enterprise</h3>
              <p>
                Protecting several executives or a brand? Enterprise is priced per protected person above; talk to us
                for more than checkout offers or for custom terms.
              </p>
              <a className="btn btn-secondary" href="mailto:enterprise@likenessguard.example">
                Contact enterprise sales
              </a>
            </div>
          </div>
        </section>
      </Main>
      <SiteFooter />
    </>
  );
}
