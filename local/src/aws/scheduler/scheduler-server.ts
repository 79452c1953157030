import http from "node:http";
import { AwsError } from "../aws-error.js";
import { listen, type RunningServer, readBody } from "../http-server.js";
import { sendRestJson, sendRestJsonError } from "../rest-json.js";
import { assertValidExpression, nextFireTime } from "./schedule-expression.js";
import { ScheduleStore, type StoredGroup, type StoredSchedule } from "./schedule-store.js";

const ACCOUNT = "000000000000";
const REGION = "us-east-1";
const groupArn = (name: string) => `arn:aws:scheduler:${REGION}:${ACCOUNT}:schedule-group/${name}`;
const scheduleArn = (group: string, name: string) => `arn:aws:scheduler:${REGION}:${ACCOUNT}:schedule/${group}/${name}`;

export type ScheduleTarget = StoredSchedule["Target"];

export interface SchedulerOptions {
  dataDir: string;
  /** Schedule groups that exist from the start (as CDK creates them); "default" always exists. */
  groups: string[];
  /** Invokes a schedule's target; errors are logged, as a failed invocation would be in AWS. */
  invokeTarget(target: ScheduleTarget, schedule: StoredSchedule): Promise<void>;
  /** Injectable clock (epoch ms) so tests can advance time. */
  clock?: () => number;
  /** How often to look for due schedules; 0 disables the timer (tests call tick()). */
  pollMs?: number;
}

export interface LocalScheduler extends RunningServer {
  /** Fires every schedule due at the clock's current time, and returns the names it fired. */
  tick(): Promise<string[]>;
}

/** EventBridge Scheduler for the local stack: the restJson1 API plus a loop that fires due schedules. */
export async function startSchedulerServer(options: SchedulerOptions): Promise<LocalScheduler> {
  const clock = options.clock ?? Date.now;
  const store = new ScheduleStore(options.dataDir);
  for (const name of new Set(["default", ...options.groups])) {
    if (!store.state.groups.some((g) => g.Name === name)) {
      const at = clock() / 1000;
      store.state.groups.push({
        Name: name,
        Arn: groupArn(name),
        State: "ACTIVE",
        CreationDate: at,
        LastModificationDate: at,
      });
    }
  }
  store.persist();

  const groupOf = (name: string | null): StoredGroup => {
    const group = store.state.groups.find((g) => g.Name === (name || "default"));
    if (!group) throw new AwsError("ResourceNotFoundException", `Schedule group ${name} does not exist.`, 404);
    return group;
  };

  const scheduleFrom = (name: string, input: Record<string, unknown>, existing?: StoredSchedule): StoredSchedule => {
    const group = groupOf((input.GroupName as string | undefined) ?? null).Name;
    const expression = String(input.ScheduleExpression ?? "");
    const timezone = input.ScheduleExpressionTimezone as string | undefined;
    try {
      assertValidExpression(expression, timezone);
    } catch (error) {
      throw new AwsError("ValidationException", (error as Error).message);
    }
    const target = input.Target as ScheduleTarget | undefined;
    if (!target?.Arn || !target.RoleArn)
      throw new AwsError("ValidationException", "Target Arn and RoleArn are required");
    if (!input.FlexibleTimeWindow) throw new AwsError("ValidationException", "FlexibleTimeWindow is required");
    const at = clock();
    const startDate = typeof input.StartDate === "number" ? input.StartDate : undefined;
    const schedule: StoredSchedule = {
      Name: name,
      GroupName: group,
      Arn: scheduleArn(group, name),
      ScheduleExpression: expression,
      ...(timezone ? { ScheduleExpressionTimezone: timezone } : {}),
      State: input.State === "DISABLED" ? "DISABLED" : "ENABLED",
      ...(typeof input.Description === "string" ? { Description: input.Description } : {}),
      ...(startDate !== undefined ? { StartDate: startDate } : {}),
      ...(typeof input.EndDate === "number" ? { EndDate: input.EndDate } : {}),
      ...(input.ActionAfterCompletion
        ? { ActionAfterCompletion: input.ActionAfterCompletion as "NONE" | "DELETE" }
        : {}),
      FlexibleTimeWindow: input.FlexibleTimeWindow as StoredSchedule["FlexibleTimeWindow"],
      Target: target,
      CreationDate: existing?.CreationDate ?? at / 1000,
      LastModificationDate: at / 1000,
    };
    const anchor = startDate !== undefined ? startDate * 1000 : at;
    schedule.nextFireAt = nextFireTime(expression, Math.max(at, anchor) - 1, anchor, timezone);
    return schedule;
  };

  const handle = async (method: string, url: URL, body: Record<string, unknown>): Promise<unknown> => {
    const [, collection, rawName] = url.pathname.split("/");
    const name = rawName ? decodeURIComponent(rawName) : undefined;
    if (collection === "schedule-groups") {
      if (method === "GET" && name) {
        const { Name, Arn, State, CreationDate, LastModificationDate } = groupOf(name);
        return { Name, Arn, State, CreationDate, LastModificationDate };
      }
      if (method === "GET") return { ScheduleGroups: store.state.groups };
      if (method === "POST" && name) {
        if (store.state.groups.some((g) => g.Name === name)) {
          throw new AwsError("ConflictException", `Schedule group ${name} already exists.`, 409);
        }
        const at = clock() / 1000;
        store.state.groups.push({
          Name: name,
          Arn: groupArn(name),
          State: "ACTIVE",
          CreationDate: at,
          LastModificationDate: at,
        });
        store.persist();
        return { ScheduleGroupArn: groupArn(name) };
      }
    }
    if (collection === "schedules" && !name && method === "GET") {
      const group = url.searchParams.get("ScheduleGroup");
      const prefix = url.searchParams.get("NamePrefix") ?? "";
      const state = url.searchParams.get("State");
      const all = store.state.schedules.filter(
        (s) => (!group || s.GroupName === group) && s.Name.startsWith(prefix) && (!state || s.State === state),
      );
      const max = Number(url.searchParams.get("MaxResults") ?? 100);
      const offset = Number(url.searchParams.get("NextToken") ?? 0);
      return {
        Schedules: all.slice(offset, offset + max).map((s) => ({
          Arn: s.Arn,
          Name: s.Name,
          GroupName: s.GroupName,
          State: s.State,
          CreationDate: s.CreationDate,
          LastModificationDate: s.LastModificationDate,
          Target: { Arn: s.Target.Arn },
        })),
        ...(offset + max < all.length ? { NextToken: String(offset + max) } : {}),
      };
    }
    if (collection === "schedules" && name) {
      const group = groupOf(
        method === "GET" || method === "DELETE" ? url.searchParams.get("groupName") : (body.GroupName as string),
      );
      const existing = store.find(group.Name, name);
      if (method === "POST") {
        if (existing) throw new AwsError("ConflictException", `Schedule ${name} already exists.`, 409);
        const schedule = scheduleFrom(name, { ...body, GroupName: group.Name });
        store.upsert(schedule);
        return { ScheduleArn: schedule.Arn };
      }
      if (!existing) throw new AwsError("ResourceNotFoundException", `Schedule ${name} does not exist.`, 404);
      if (method === "GET") {
        const { nextFireAt: _next, ...visible } = existing;
        return visible;
      }
      if (method === "PUT") {
        const schedule = scheduleFrom(name, { ...body, GroupName: group.Name }, existing);
        store.upsert(schedule);
        return { ScheduleArn: schedule.Arn };
      }
      if (method === "DELETE") {
        store.remove(existing.Arn);
        return {};
      }
    }
    throw new AwsError("ValidationException", `Unsupported Scheduler operation ${method} ${url.pathname}`);
  };

  const server = http.createServer(async (req, res) => {
    try {
      const raw = (await readBody(req)).toString("utf8");
      const url = new URL(req.url ?? "/", "http://scheduler.local");
      sendRestJson(res, 200, await handle(req.method ?? "GET", url, raw ? JSON.parse(raw) : {}));
    } catch (error) {
      sendRestJsonError(res, error);
    }
  });
  const running = await listen(server);

  let ticking: Promise<string[]> | undefined;
  const tick = async (): Promise<string[]> => {
    const now = clock();
    const due = store.state.schedules.filter(
      (s) =>
        s.State === "ENABLED" &&
        s.nextFireAt !== undefined &&
        s.nextFireAt <= now &&
        (!s.EndDate || s.EndDate * 1000 >= now),
    );
    for (const schedule of due) {
      const anchor = schedule.StartDate !== undefined ? schedule.StartDate * 1000 : schedule.CreationDate * 1000;
      // Missed runs collapse into one, as when a stopped machine comes back.
      schedule.nextFireAt = nextFireTime(schedule.ScheduleExpression, now, anchor, schedule.ScheduleExpressionTimezone);
      if (schedule.nextFireAt === undefined && schedule.ActionAfterCompletion === "DELETE") store.remove(schedule.Arn);
      else store.upsert(schedule);
    }
    await Promise.all(
      due.map((schedule) =>
        options
          .invokeTarget(schedule.Target, schedule)
          .catch((error: Error) =>
            console.error(`[scheduler] ${schedule.GroupName}/${schedule.Name} target failed: ${error.message}`),
          ),
      ),
    );
    return due.map((s) => s.Name);
  };
  const serialTick = () => {
    ticking = (ticking ?? Promise.resolve([])).then(tick, tick);
    return ticking;
  };

  const timer = options.pollMs === 0 ? undefined : setInterval(() => void serialTick(), options.pollMs ?? 10_000);
  timer?.unref();

  return {
    ...running,
    tick: serialTick,
    close: async () => {
      if (timer) clearInterval(timer);
      await ticking?.catch(() => undefined);
      await running.close();
    },
  };
}
