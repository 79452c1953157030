/** A date as the public pages state it, the same for every visitor: "24 Nov 2026" (UTC). */
export function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString("en-GB", {
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: "UTC",
  });
}
