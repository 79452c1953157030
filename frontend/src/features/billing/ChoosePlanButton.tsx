import { useMutation } from "@tanstack/react-query";
import { Link } from "react-router-dom";
import { serverMessage } from "../../api/errors";
import type { MembershipTier } from "../../api/types";
import { useAuth } from "../../auth/use-auth";
import { BusyButton } from "../../ui/BusyButton";
import { toast } from "../../ui/toast-store";
import { goToCheckout } from "./billing-api";

/**
 * Pricing's Choose Plan: signed in, straight to checkout; otherwise sign up first and come back
 * to this plan's checkout. `people`: how many a plan priced per protected person protects.
 */
export function ChoosePlanButton(props: {
  tier: MembershipTier;
  name: string;
  className: string;
  label: string;
  people?: number;
}) {
  const auth = useAuth();
  const checkout = useMutation({
    mutationFn: () => goToCheckout(props.tier, props.people),
    onError: (error) => toast({ title: "Checkout", description: serverMessage(error), variant: "destructive" }),
  });
  if (!auth.isAuthenticated) {
    const next = `/pricing?checkout=${props.tier}${props.people === undefined ? "" : `&people=${props.people}`}`;
    return (
      <Link
        to={`/signup?next=${encodeURIComponent(next)}`}
        className={props.className}
        aria-label={`Choose the ${props.name} plan`}
      >
        {props.label}
      </Link>
    );
  }
  return (
    <BusyButton
      className={props.className}
      aria-label={`Choose the ${props.name} plan`}
      busy={checkout.isPending}
      busyLabel="Opening checkout…"
      onClick={() => checkout.mutate()}
    >
      {props.label}
    </BusyButton>
  );
}
