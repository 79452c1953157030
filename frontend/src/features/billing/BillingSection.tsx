import { useMutation, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { serverMessage } from "../../api/errors";
import { BusyButton } from "../../ui/BusyButton";
import { toast } from "../../ui/toast-store";
import { billingQuery, formatDay, goToBillingPortal, STATUS_LABELS } from "./billing-api";
import "./billing.css";
import { LoadFailed } from "../../ui/LoadFailed";

const CONFIRMATION_WAIT_MS = 60_000;

/** Settings: the plan billing gives the account, its status and period, and the way to change it. */
export function BillingSection() {
  const [params] = useSearchParams();
  // Back from checkout: Stripe's webhook may land a moment after the browser does, so ask again until it has.
  const [waitingSince] = useState(() => (params.get("billing") === "done" ? Date.now() : null));
  const billing = useQuery({
    ...billingQuery(true),
    refetchInterval: (query) =>
      waitingSince !== null && query.state.data?.status === "none" && Date.now() - waitingSince < CONFIRMATION_WAIT_MS
        ? 2000
        : false,
  });
  const portal = useMutation({
    mutationFn: goToBillingPortal,
    onError: (error) => toast({ title: "Billing", description: serverMessage(error), variant: "destructive" }),
  });
  const data = billing.data;
  return (
    <section className="panel" aria-labelledby="billing-heading">
      <h2 id="billing-heading">Plan and billing</h2>
      {billing.isLoading ? (
        <p>Loading your plan…</p>
      ) : !data ? (
        <LoadFailed what="Your plan" error={billing.error} onRetry={() => void billing.refetch()} />
      ) : (
        <>
          {waitingSince !== null && data.status === "none" ? (
            <p role="status">Waiting for the payment provider to confirm your checkout. This page updates by itself.</p>
          ) : null}
          <dl className="billing-facts">
            <div>
              <dt>Plan</dt>
              <dd>{data.tierName}</dd>
            </div>
            {data.protectedPeople ? (
              <div>
                <dt>Protected people paid for</dt>
                <dd>{data.protectedPeople}</dd>
              </div>
            ) : null}
            <div>
              <dt>Status</dt>
              <dd>{STATUS_LABELS[data.status]}</dd>
            </div>
            {data.currentPeriodEnd && data.status !== "canceled" ? (
              <div>
                <dt>{data.cancelAtPeriodEnd ? "Ends on" : data.status === "trialing" ? "Trial ends" : "Renews on"}</dt>
                <dd>{formatDay(data.currentPeriodEnd)}</dd>
              </div>
            ) : null}
          </dl>
          {data.pending ? (
            <p>
              From {formatDay(data.pending.from)} your limits become those of the {data.pending.tier[0]?.toUpperCase()}
              {data.pending.tier.slice(1)} plan. Nothing you stored is deleted; scans then cover what that plan
              includes.
            </p>
          ) : null}
          {data.canManage ? (
            <BusyButton
              className="btn btn-primary"
              busy={portal.isPending}
              busyLabel="Opening…"
              onClick={() => portal.mutate()}
            >
              Manage billing
            </BusyButton>
          ) : (
            <p>
              <Link to="/pricing" className="btn btn-primary">
                Choose a plan
              </Link>
            </p>
          )}
        </>
      )}
    </section>
  );
}
