import { spawn } from "node:child_process";

/**
 * Opens the app in the person's browser when someone is at the terminal; never in CI or when
 * LG_NO_BROWSER is set. A machine without an opener just keeps the printed URL.
 */
export function openBrowser(url: string): void {
  if (!process.stdout.isTTY || process.env.CI || process.env.LG_NO_BROWSER) return;
  const [command, ...args] =
    process.platform === "darwin"
      ? ["open", url]
      : process.platform === "win32"
        ? ["cmd", "/c", "start", "", url]
        : ["xdg-open", url];
  try {
    const child = spawn(command!, args, { stdio: "ignore", detached: true });
    child.on("error", () => undefined);
    child.unref();
  } catch {
    // No opener on this machine: the banner has the URL.
  }
}
