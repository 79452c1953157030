/** Turns a {deleted: {items: 3, objects: 2}} answer into "3 items, 2 objects" so deletion is visible. */
export function deletionSummary(result: { deleted?: Record<string, unknown> } | undefined): string {
  const entries = Object.entries(result?.deleted ?? {}).filter(([, v]) => typeof v === "number");
  if (entries.length === 0) return "Nothing was stored.";
  return `Deleted ${entries.map(([k, v]) => `${v} ${k.replace(/([A-Z])/g, " $1").toLowerCase()}`).join(", ")}.`;
}
