import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoute, stubApi } from "../../test/render-app";
import TakedownCentrePage from "./TakedownCentrePage";
import type { TakedownDetail, TakedownSummary } from "./types";

const HOUR = 3_600_000;
const sentAt = new Date(Date.now() - 10 * HOUR).toISOString();
const deadlineAt = new Date(Date.parse(sentAt) + 48 * HOUR).toISOString();

const summary = (overrides: Partial<TakedownSummary> = {}): TakedownSummary => ({
  id: "n-1",
  threatId: "t-1",
  basis: { route: "take_it_down", label: "TAKE IT DOWN Act (48-hour removal)" },
  recipient: "ncii@reddit.example",
  channel: "email",
  state: "sent",
  stateLabel: "Sent",
  platform: "reddit",
  contentUrl: "https://www.reddit.com/r/pics/comments/abc/",
  automatic: false,
  createdAt: sentAt,
  sentAt,
  nextCheckAt: new Date(Date.now() + 6 * HOUR).toISOString(),
  clock: { law: "take_it_down", hours: 48, startedAt: sentAt, deadlineAt, remainingMs: 38 * HOUR, state: "running" },
  ...overrides,
});

const detail = (overrides: Partial<TakedownDetail> = {}): TakedownDetail => ({
  ...summary(),
  noticeText: "REMOVAL REQUEST UNDER THE TAKE IT DOWN ACT\n/Ada Moreno/",
  timeline: [
    { eventId: "1", at: sentAt, kind: "drafted", source: "system" },
    { eventId: "2", at: sentAt, kind: "sent", source: "mail_provider", detail: "Accepted by the mail provider" },
    {
      eventId: "3",
      at: new Date(Date.parse(sentAt) + HOUR).toISOString(),
      kind: "content_rechecked",
      source: "recheck",
      outcome: "present",
      detail: "Still up: the reported media is still served",
    },
  ],
  lastCheckedAt: new Date(Date.parse(sentAt) + HOUR).toISOString(),
  lastCheck: { outcome: "present", description: "the reported media is still served" },
  actions: ["close", "acknowledged", "rejected", "escalate"],
  escalationOptions: ["Report the platform's failure to the FTC."],
  ...overrides,
});

const SIGNED_IN = { "GET /api/auth/user": { status: 200, body: { userId: "u-1" } } };

describe("Takedown centre", () => {
  it("lists each notice with its basis, platform, recipient, state, next re-check and the clock", async () => {
    stubApi({
      ...SIGNED_IN,
      "GET /api/takedowns": {
        status: 200,
        body: {
          items: [
            summary(),
            summary({
              id: "n-2",
              state: "removed",
              stateLabel: "Removed",
              nextCheckAt: undefined,
              clock: undefined,
              basis: { route: "dmca", label: "DMCA, 17 U.S.C. 512(c)(3)" },
            }),
          ],
        },
      },
    });
    renderRoute(<TakedownCentrePage />, { path: "/takedowns" });
    // The first render on a busy machine can take longer than the default second.
    const list = await screen.findByRole("list", { name: "Takedown notices" }, { timeout: 5000 });
    const rows = within(list).getAllByRole("listitem");
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByRole("link", { name: /TAKE IT DOWN Act.*Reddit/ })).toHaveAttribute(
      "href",
      "/takedowns/n-1",
    );
    expect(rows[0]).toHaveTextContent("To ncii@reddit.example");
    expect(rows[0]).toHaveTextContent("Next re-check");
    expect(rows[0]).toHaveTextContent(/3[78] h \d+ min left/);
    expect(rows[1]).toHaveTextContent("Removed");
    expect(rows[1]).not.toHaveTextContent("Next re-check");
  });

  it("filters by state and pages with the server's cursor", async () => {
    const asked: URLSearchParams[] = [];
    stubApi({
      ...SIGNED_IN,
      "GET /api/takedowns": (_init, url) => {
        asked.push(url.searchParams);
        return url.searchParams.get("cursor") === "c-2"
          ? { status: 200, body: { items: [summary({ id: "n-3" })] } }
          : { status: 200, body: { items: [summary()], nextCursor: "c-2" } };
      },
    });
    renderRoute(<TakedownCentrePage />, { path: "/takedowns" });
    fireEvent.click(await screen.findByRole("button", { name: "Show more" }));
    const list = await screen.findByRole("list", { name: "Takedown notices" });
    await waitFor(() => expect(within(list).getAllByRole("listitem")).toHaveLength(2));
    expect(screen.queryByRole("button", { name: "Show more" })).not.toBeInTheDocument();
    expect(asked.map((q) => q.get("cursor"))).toEqual([null, "c-2"]);

    fireEvent.change(screen.getByLabelText("Show"), { target: { value: "open" } });
    await waitFor(() => expect(asked.at(-1)?.get("state")).toBe("open"));
    expect(asked.at(-1)?.get("cursor")).toBeNull();
  });

  it("shows one notice in full: timeline with each event's source, the 48-hour clock, next re-check and the text as sent", async () => {
    stubApi({
      ...SIGNED_IN,
      "GET /api/takedowns": { status: 200, body: { items: [summary()] } },
      "GET /api/takedowns/n-1": { status: 200, body: detail() },
    });
    renderRoute(<TakedownCentrePage />, { path: "/takedowns/:id", route: "/takedowns/n-1" });
    const timeline = await screen.findByRole("list", { name: "Status timeline" });
    const events = within(timeline).getAllByRole("listitem");
    expect(events.map((e) => e.querySelector("strong")?.textContent)).toEqual([
      "Drafted",
      "Sent",
      "Content re-checked: still up",
    ]);
    expect(events[1]).toHaveTextContent("Mail provider accepted it");
    expect(events[2]).toHaveTextContent("Re-fetch of the content");
    const clock = screen.getByRole("region", { name: "48-hour removal clock" });
    expect(clock).toHaveTextContent(/3[78] h \d+ min left/);
    expect(screen.getByRole("textbox", { name: "Notice text as sent" })).toHaveValue(detail().noticeText);
    expect(screen.getByText("Next re-check").nextElementSibling?.textContent).not.toMatch(/None/);
  });

  it("records the platform's rejection as reported by the person, with their note", async () => {
    let current = detail();
    const { calls } = stubApi({
      ...SIGNED_IN,
      "GET /api/takedowns": { status: 200, body: { items: [summary()] } },
      "GET /api/takedowns/n-1": () => ({ status: 200, body: current }),
      "POST /api/takedowns/n-1/actions": (init) => {
        const body = JSON.parse(String(init?.body)) as { action: string; note?: string };
        current = detail({
          state: "rejected",
          stateLabel: "Rejected",
          actions: ["close", "escalate"],
          timeline: [
            ...detail().timeline,
            { eventId: "4", at: new Date().toISOString(), kind: "rejected", source: "user", detail: body.note ?? "" },
          ],
        });
        return { status: 200, body: current };
      },
    });
    renderRoute(<TakedownCentrePage />, { path: "/takedowns/:id", route: "/takedowns/n-1" });
    fireEvent.change(await screen.findByLabelText(/Note/), { target: { value: "Ticket 4411: not a violation" } });
    fireEvent.click(screen.getByRole("button", { name: "Platform rejected it" }));
    const rejected = await screen.findByText("Ticket 4411: not a violation");
    expect(rejected.closest("li")).toHaveTextContent("Reported by you");
    const post = calls.find((c) => c.method === "POST");
    expect(JSON.parse(String(post?.init?.body))).toEqual({ action: "rejected", note: "Ticket 4411: not a violation" });
    expect(screen.queryByRole("button", { name: "Platform rejected it" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Escalate" })).toBeInTheDocument();
  });

  it("closing the case stops the re-checks and leaves no actions", async () => {
    let current = detail();
    stubApi({
      ...SIGNED_IN,
      "GET /api/takedowns": { status: 200, body: { items: [summary()] } },
      "GET /api/takedowns/n-1": () => ({ status: 200, body: current }),
      "POST /api/takedowns/n-1/actions": () => {
        current = detail({
          state: "closed",
          stateLabel: "Closed",
          nextCheckAt: undefined,
          actions: [],
          clock: { ...(summary().clock as NonNullable<TakedownSummary["clock"]>), state: "stopped", remainingMs: 0 },
        });
        return { status: 200, body: current };
      },
    });
    renderRoute(<TakedownCentrePage />, { path: "/takedowns/:id", route: "/takedowns/n-1" });
    fireEvent.click(await screen.findByRole("button", { name: "Close case" }));
    expect(await screen.findByText("None: re-checks have stopped")).toBeInTheDocument();
    expect(screen.queryByRole("region", { name: "Actions" })).not.toBeInTheDocument();
    expect(screen.getByRole("region", { name: "48-hour removal clock" })).toHaveTextContent("Clock stopped");
  });

  it("says so when the notice is not the person's (404)", async () => {
    stubApi({
      ...SIGNED_IN,
      "GET /api/takedowns": { status: 200, body: { items: [] } },
      "GET /api/takedowns/other": { status: 404, body: { message: "Notice not found" } },
    });
    renderRoute(<TakedownCentrePage />, { path: "/takedowns/:id", route: "/takedowns/other" });
    expect(await screen.findByRole("alert")).toHaveTextContent("This notice does not exist or is not yours.");
  });

  it("is linked from the main navigation", async () => {
    stubApi({ ...SIGNED_IN, "GET /api/takedowns": { status: 200, body: { items: [] } } });
    renderRoute(<TakedownCentrePage />, { path: "/takedowns" });
    const nav = await screen.findByRole("navigation", { name: "Main" });
    await waitFor(() =>
      expect(within(nav).getByRole("link", { name: "Takedowns" })).toHaveAttribute("href", "/takedowns"),
    );
  });

  it("says which automatic takedowns sent nothing and why, each with its next step", async () => {
    const at = new Date().toISOString();
    stubApi({
      ...SIGNED_IN,
      "GET /api/takedowns": {
        status: 200,
        body: {
          items: [],
          notSent: [
            {
              threatId: "t-voice",
              reason: "unverified-likeness",
              modality: "voice",
              detail:
                "Automatic takedown sent nothing: this threat's match rests on a likeness the server has not verified.",
              platform: "telegram",
              contentUrl: "https://t.me/c/1",
              at,
            },
            {
              threatId: "t-no-email",
              reason: "refused",
              detail: "Automatic takedown sent nothing: A notice needs your email; complete your profile first.",
              platform: "telegram",
              contentUrl: "https://t.me/c/2",
              at,
            },
            {
              threatId: "t-form",
              threatTitle: "Re-use of your face",
              reason: "needs-person",
              detail: "Automatic takedown sent nothing: the platform's web form needs you to file it yourself.",
              platform: "youtube",
              contentUrl: "https://youtube.example/watch?v=1",
              at,
            },
          ],
        },
      },
    });
    renderRoute(<TakedownCentrePage />, { path: "/takedowns", route: "/takedowns" });
    const section = await screen.findByRole("region", { name: "Automatic takedown sent nothing for these threats" });
    expect(within(section).getByText(/the server has not verified/)).toBeInTheDocument();
    expect(within(section).getByRole("link", { name: "Verify your voice with a live recording" })).toHaveAttribute(
      "href",
      "/onboarding?step=voice",
    );
    expect(within(section).getByRole("link", { name: "Add your email in Settings" })).toHaveAttribute(
      "href",
      "/settings",
    );
    expect(within(section).getByRole("link", { name: "Open the threat: review and send it yourself" })).toHaveAttribute(
      "href",
      "/dashboard?threat=t-form",
    );
    // A row names its threat and platform, linking to the threat, not to a bare URL (issue 36 item 10).
    expect(within(section).getByRole("link", { name: "Re-use of your face" })).toHaveAttribute(
      "href",
      "/dashboard?threat=t-form",
    );
    expect(within(section).queryByText("https://youtube.example/watch?v=1")).toBeNull();
  });
});
