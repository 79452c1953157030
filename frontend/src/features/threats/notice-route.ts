/**
 * How the takedown dialog names a notice: by the route the server chose for the threat's platform
 * (packages/notices/src/notices/route.ts), since a TAKE IT DOWN request, a DSA notice, a platform
 * report or a law-enforcement referral is not a DMCA notice. DMCA keeps the product's own wording.
 */
const NOTICE_NAMES: Record<string, { title: string; noun: string }> = {
  dmca: { title: "DMCA Takedown Notice", noun: "DMCA notice" },
  take_it_down: { title: "TAKE IT DOWN Removal Request", noun: "TAKE IT DOWN request" },
  dsa_article_16: { title: "DSA Article 16 Notice", noun: "DSA notice" },
  platform_report: { title: "Impersonation Report", noun: "Impersonation report" },
  none: { title: "Evidence Record and Law-Enforcement Referral", noun: "Law-enforcement referral" },
};

/** Before the server has chosen a route the dialog is the product's DMCA dialog. */
const UNROUTED = { title: "DMCA Takedown Notice", noun: "DMCA notice" };

export const noticeName = (route: string | undefined) => (route && NOTICE_NAMES[route]) || UNROUTED;
