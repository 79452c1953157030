import { describeMediaTool, type MediaToolName } from "@lg/detection/media/ffmpeg";
import { defaultDataDir } from "./data-dir.js";
import { openBrowser } from "./open-browser.js";
import { startLocalStack } from "./stack.js";

const port = process.env.PORT ? Number(process.env.PORT) : 3000;

const SOURCES = { env: "FFMPEG_PATH/FFPROBE_PATH", path: "PATH", package: "npm" } as const;

/** Which ffmpeg and ffprobe voice and video intake will run, so a wrong or missing build shows at once. */
async function mediaToolLines(): Promise<string[]> {
  const lines: string[] = [];
  for (const tool of ["ffmpeg", "ffprobe"] as MediaToolName[]) {
    const found = await describeMediaTool(tool);
    const where = found ? `${found.packageName ?? found.path}, from ${SOURCES[found.source]}` : "";
    lines.push(
      found
        ? `  ${tool.padEnd(13)}${found.version.replace(/ Copyright.*$/, "")} (${where})`
        : `  ${tool.padEnd(13)}none: voice and video intake will fail (put ${tool} on the PATH or run npm ci)`,
    );
  }
  return lines;
}

try {
  const stack = await startLocalStack({ dataDir: defaultDataDir(), port });
  const lines = [
    "LikenessGuard is running locally.",
    "",
    `  Open         ${stack.url}`,
    `  Outbox       ${stack.outboxUrl}   (sign-up codes, alerts, notices)`,
    `  Health       ${stack.url}/api/health`,
    `  Data         ${stack.dataDir}   (npm run reset clears it)`,
    stack.simulator
      ? `  Platforms    ${stack.simulator.url}/__scenario   (simulated platforms, ${stack.simulator.scenario.items.length} items)`
      : "  Platforms    off: no labelled media folder (set LG_DATA_DIR)",
    ...(await mediaToolLines()),
    "",
    "Press Ctrl+C to stop.",
  ];
  const width = Math.max(...lines.map((l) => l.length)) + 2;
  console.log(`\n┌${"─".repeat(width)}┐`);
  for (const line of lines) console.log(`│ ${line.padEnd(width - 1)}│`);
  console.log(`└${"─".repeat(width)}┘\n`);
  openBrowser(stack.url);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping the local stack...`);
    await stack.stop();
    console.log("Stopped. Your data is kept in", stack.dataDir);
    process.exit(0);
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
} catch (error) {
  console.error(`\nThe local stack could not start: ${(error as Error).message}\n`);
  process.exit(1);
}
