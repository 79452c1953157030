/**
 * How the takedown dialog names a notice: by the route the server chose for the threat's platform
 * (packages/notices/src/notices/route.ts), since a TAKE IT DOWN request, a DSA notice, a platform
 * report or a law-enforcement referral is not a DMCA notice (issue 36 item 9).
 */
const NOTICE_NAMES: Record<string, { title: string; noun: string }> = {
  dmca: { title: "DMCA Takedown Notice", noun: "DMCA notice" },
  take_it_down: { title: "TAKE IT DOWN Removal Request", noun: "TAKE IT DOWN request" },
  dsa_article_16: { title: "DSA Article 16 Notice", noun: "DSA notice" },
  none: { title: "Evidence Record and Law-Enforcement Referral", noun: "Law-enforcement referral" },
};

/**
 * A platform report is of impersonation only for an impersonating account; a re-used picture or
 * recording is reported as use of the likeness without consent (the notice's own title says both).
 */
const PLATFORM_REPORTS = {
  impersonation: { title: "Impersonation Report", noun: "Impersonation report" },
  likeness: { title: "Likeness Misuse Report", noun: "Likeness misuse report" },
};

/** Before the server has chosen a route, or when it refused to, the dialog names no legal route. */
const UNROUTED = { title: "Takedown Notice", noun: "takedown notice" };

export function noticeName(route: string | undefined, threatType?: string): { title: string; noun: string } {
  if (route === "platform_report")
    return threatType === "impersonation" ? PLATFORM_REPORTS.impersonation : PLATFORM_REPORTS.likeness;
  return (route && NOTICE_NAMES[route]) || UNROUTED;
}
