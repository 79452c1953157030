import { readdirSync, readFileSync } from "node:fs";
import { toolLauncherCpuSeconds } from "@lg/detection/media/tool-launcher";

/**
 * CPU time of the benchmarks' work including the processes it starts (ffmpeg, the local stack's
 * task workers), read from Linux /proc: process.cpuUsage() counts this process alone, which would
 * leave ffmpeg's decoding out of the audio real-time factor. Elsewhere it is this process alone.
 */

/** USER_HZ, the unit of /proc times: 100 on every mainstream Linux build. */
const CLOCK_TICKS_PER_SECOND = 100;

/** Fields of /proc/<pid>/stat after "(comm) ": ppid, then utime, stime, cutime, cstime in clock ticks. */
function procStat(pid: number | "self") {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  const ticks = (i: number) => Number(fields[i]) / CLOCK_TICKS_PER_SECOND;
  return { ppid: Number(fields[1]), own: ticks(11) + ticks(12), children: ticks(13) + ticks(14) };
}

/** CPU seconds of every process below this one that is still running (the stack's task workers, ffmpeg). */
function liveDescendantsCpuSeconds(): number {
  const stats = new Map<number, ReturnType<typeof procStat>>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      stats.set(Number(name), procStat(Number(name)));
    } catch {
      // Gone between listing and reading.
    }
  }
  const below = (pid: number): boolean => {
    for (let p = stats.get(pid)?.ppid; p !== undefined && p > 1; p = stats.get(p)?.ppid)
      if (p === process.pid) return true;
    return false;
  };
  let seconds = 0;
  for (const [pid, stat] of stats) if (below(pid)) seconds += stat.own + stat.children;
  return seconds;
}

function readOr(read: () => number): number {
  try {
    const seconds = read();
    return Number.isFinite(seconds) ? seconds : 0;
  } catch {
    return 0;
  }
}

const ownCpuSeconds = () => {
  const own = process.cpuUsage();
  return (own.user + own.system) / 1e6;
};

/**
 * CPU seconds of this process (every thread) and of the child processes it has waited for, such
 * as an ffmpeg that has exited: enough around work that awaits its children, and cheap (two files).
 * ffmpeg runs as a child of the long-lived media tool launcher (packages/detection's
 * tool-launcher.ts), which waits for it, so the launcher's own CPU and its exited children's are
 * added while it runs (once it exits, they are in this process's exited children's).
 * Children are counted in clock ticks (10 ms), so sum many calls rather than trust one.
 */
export function cpuSecondsWithExitedChildren(): number {
  return ownCpuSeconds() + readOr(() => procStat("self").children) + readOr(toolLauncherCpuSeconds);
}

/**
 * As cpuSecondsWithExitedChildren, plus every descendant still running (the local stack's task
 * workers, the media tool launcher, counted once): for work whose processes outlive the measurement. Walks all of /proc, so it costs a
 * few milliseconds itself.
 */
export function cpuSecondsWithAllDescendants(): number {
  return ownCpuSeconds() + readOr(() => procStat("self").children + liveDescendantsCpuSeconds());
}

/**
 * Busy CPU seconds in /proc/stat's aggregate "cpu" line: user, nice, system, irq, softirq and
 * steal. Idle and iowait are not busy; guest and guest_nice (the last two fields) are left out
 * because the kernel already counts them inside user and nice.
 */
export function busySecondsOfProcStatCpuLine(line: string): number {
  const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
  const idle = (ticks[3] ?? 0) + (ticks[4] ?? 0);
  return (ticks.reduce((a, b) => a + b, 0) - idle) / CLOCK_TICKS_PER_SECOND;
}

/**
 * CPU seconds every core of the machine has spent busy (not idle or waiting on I/O) since boot,
 * from /proc/stat: over a run, the machine's busy cores beside the run's own tell whether other
 * work took the cores the run did not use. NaN where /proc/stat is missing.
 */
export function machineBusyCpuSeconds(): number {
  try {
    return busySecondsOfProcStatCpuLine(readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "");
  } catch {
    return Number.NaN;
  }
}
