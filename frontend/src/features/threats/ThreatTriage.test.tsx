import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { peopleList, protectedPerson } from "../../test/people-fixture";
import { renderRoute, stubApi } from "../../test/render-app";
import { ThreatTriage } from "./ThreatTriage";
import type { ThreatListItem } from "./triage-types";
import { withdrawUndo } from "./undo-store";

const at = new Date().toISOString();
const item = (id: string, extra: Partial<ThreatListItem> = {}): ThreatListItem => ({
  id,
  threatType: "deepfake",
  confidence: 95,
  platform: "youtube",
  createdAt: at,
  status: "active",
  url: `https://y.example/${id}`,
  title: `Threat ${id}`,
  ...extra,
});

afterEach(() => withdrawUndo());

function renderTriage(props: Partial<Parameters<typeof ThreatTriage>[0]> = {}) {
  const handlers = { onViewDetails: vi.fn(), onTakeDown: vi.fn(), onTakeDownMany: vi.fn() };
  renderRoute(<ThreatTriage enabled {...handlers} {...props} />);
  return handlers;
}

const listCalls = (calls: { method: string; path: string }[], fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), "http://localhost"))
    .filter((url, i) => url.pathname === "/api/threats" && calls[i]?.method === "GET");

describe("threat triage list", () => {
  it("asks the server again with the filter, search and sort the person picks", async () => {
    const user = userEvent.setup({ delay: null });
    const { calls, fetchMock } = stubApi({
      "GET /api/threats": { status: 200, body: { items: [item("t1")], nextCursor: null, total: 1 } },
    });
    renderTriage();
    await screen.findByText("Threat t1");
    await user.selectOptions(screen.getByLabelText("Type"), "voice_clone");
    await user.selectOptions(screen.getByLabelText("Match confidence"), "high");
    await user.selectOptions(screen.getByLabelText("Sort by"), "severity");
    await user.type(screen.getByLabelText("Search title, address or account"), "obama");
    await waitFor(() => {
      const last = listCalls(calls, fetchMock).at(-1);
      expect(last?.searchParams.get("q")).toBe("obama");
    });
    const last = listCalls(calls, fetchMock).at(-1);
    expect(last?.searchParams.get("type")).toBe("voice_clone");
    expect(last?.searchParams.get("confidence")).toBe("high");
    expect(last?.searchParams.get("sort")).toBe("severity");
    // The first request was the plain list: nothing set, nothing sent.
    expect(listCalls(calls, fetchMock)[0]?.search).toBe("");
  });

  it("loads the next page with the server's cursor and keeps the rows already shown", async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({
      "GET /api/threats": (_init, url) =>
        url.searchParams.get("cursor") === "page-2"
          ? { status: 200, body: { items: [item("t3")], nextCursor: null, total: 3 } }
          : { status: 200, body: { items: [item("t1"), item("t2")], nextCursor: "page-2", total: 3 } },
    });
    renderTriage();
    await screen.findByText("Threat t2");
    expect(screen.getByText("Showing 2 of 3 threats")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Load more" }));
    await screen.findByText("Threat t3");
    expect(screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual([
      "Threat t1",
      "Threat t2",
      "Threat t3",
    ]);
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();
  });

  it("marks the selected threats false positive in one request, then undoes exactly those", async () => {
    const user = userEvent.setup({ delay: null });
    const bodies: unknown[] = [];
    stubApi({
      "GET /api/threats": { status: 200, body: { items: [item("t1"), item("t2"), item("t3")], nextCursor: null } },
      "POST /api/threats/actions": (init) => {
        const body = JSON.parse(String(init?.body)) as { action: string; threatIds: string[] };
        bodies.push(body);
        return { status: 200, body: { action: body.action, changed: body.threatIds, skipped: [], items: [] } };
      },
    });
    renderTriage();
    await screen.findByText("Threat t1");
    await user.click(screen.getByRole("checkbox", { name: "Select: Threat t1" }));
    await user.click(screen.getByRole("checkbox", { name: "Select: Threat t3" }));
    expect(screen.getByText("2 selected")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Mark false positive" }));
    await screen.findByText("Marked 2 threats as false positive.");
    expect(bodies[0]).toEqual({ action: "false_positive", threatIds: ["t1", "t3"], groups: [] });
    // The selection is spent once the action is done.
    expect(screen.queryByText("2 selected")).not.toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Undo" }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ action: "undo", threatIds: ["t1", "t3"], groups: [] });
    await waitFor(() => expect(screen.queryByText("Marked 2 threats as false positive.")).not.toBeInTheDocument());
  });

  it("restores selected false positives and dismissals to active in one request", async () => {
    const user = userEvent.setup({ delay: null });
    const bodies: unknown[] = [];
    stubApi({
      "GET /api/threats": {
        status: 200,
        body: {
          items: [item("t1", { status: "false_positive" }), item("t2", { status: "dismissed" }), item("t3")],
          nextCursor: null,
        },
      },
      "POST /api/threats/actions": (init) => {
        const body = JSON.parse(String(init?.body)) as { action: string; threatIds: string[] };
        bodies.push(body);
        return { status: 200, body: { action: "undo", changed: body.threatIds, skipped: [] } };
      },
    });
    renderTriage();
    await screen.findByText("Threat t1");
    await user.click(screen.getByRole("checkbox", { name: "Select: Threat t3" }));
    // Only an active threat is selected: there is nothing to restore.
    expect(screen.getByRole("button", { name: "Restore to active" })).toBeDisabled();
    await user.click(screen.getByRole("checkbox", { name: "Select: Threat t3" }));
    await user.click(screen.getByRole("checkbox", { name: "Select: Threat t1" }));
    await user.click(screen.getByRole("checkbox", { name: "Select: Threat t2" }));
    expect(screen.getByRole("button", { name: "Mark false positive" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Restore to active" }));
    await waitFor(() => expect(bodies).toEqual([{ action: "undo", threatIds: ["t1", "t2"], groups: [] }]));
  });

  it("shows each row's takedown state from the row itself, without asking the takedown centre", async () => {
    const { calls } = stubApi({
      "GET /api/threats": {
        status: 200,
        body: {
          items: [
            item("waiting", { takedown: { noticeId: "n-1", state: "filing_needed" } }),
            item("mailed", {
              status: "takedown_requested",
              takedown: { noticeId: "n-2", state: "sent", sentAt: "2026-11-20T10:00:00.000Z" },
            }),
            item("answered", { status: "takedown_requested", takedown: { noticeId: "n-3", state: "acknowledged" } }),
            item("untouched", { takedown: null }),
          ],
          nextCursor: null,
        },
      },
    });
    renderTriage();
    const row = async (title: string) =>
      (await screen.findByRole("heading", { name: title })).closest("li") as HTMLElement;
    const waiting = within(await row("Threat waiting")).getByText("Filing needed");
    expect(waiting).toHaveClass("badge-destructive");
    expect(within(await row("Threat mailed")).getByText("Notice sent 2026-11-20")).toHaveClass("badge-secondary");
    expect(await row("Threat answered")).toHaveTextContent("Acknowledged by the platform (as you reported)");
    const untouched = await row("Threat untouched");
    for (const label of ["Filing needed", "Notice sent", "Filed", "Removed"]) {
      expect(untouched).not.toHaveTextContent(label);
    }
    expect(calls.filter((c) => c.path.startsWith("/api/takedowns"))).toEqual([]);
  });

  it("reopens the filing of a row whose notice waits for a web form, with the form from the threat's details", async () => {
    const user = userEvent.setup({ delay: null });
    const filing = {
      state: "filing_needed",
      noticeId: "n-7",
      route: "platform_report",
      channel: "web_form",
      recipient: "https://www.reddit.com/report",
      formUrl: "https://www.reddit.com/report",
      formFields: [{ label: "URL of the content", value: "https://y.example/t1" }],
    };
    stubApi({
      "GET /api/threats": {
        status: 200,
        body: {
          items: [item("t1", { takedown: { noticeId: "n-7", state: "filing_needed" } }), item("t2")],
          nextCursor: null,
        },
      },
      "GET /api/threats/t1": { status: 200, body: { ...item("t1"), takedown: filing, history: [] } },
    });
    const { onTakeDown } = renderTriage();
    const row = (await screen.findByRole("heading", { name: "Threat t1" })).closest("li") as HTMLElement;
    await within(row).findByText("Filing needed");
    const other = screen.getByRole("heading", { name: "Threat t2" }).closest("li") as HTMLElement;
    expect(other).not.toHaveTextContent("Filing needed");
    await user.click(within(row).getByRole("button", { name: /^Take Down/ }));
    await waitFor(() =>
      expect(onTakeDown).toHaveBeenCalledWith(
        expect.objectContaining({ id: "t1", takedown: expect.objectContaining({ formUrl: filing.formUrl }) }),
      ),
    );
  });

  it("takes down only the selected threats whose status allows it", async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({
      "GET /api/threats": {
        status: 200,
        body: { items: [item("t1"), item("t2", { status: "takedown_requested" })], nextCursor: null },
      },
    });
    const { onTakeDownMany } = renderTriage();
    await screen.findByText("Threat t1");
    await user.click(screen.getByRole("checkbox", { name: "Select all shown" }));
    await user.click(screen.getByRole("button", { name: "Take down (1)" }));
    expect(onTakeDownMany).toHaveBeenCalledWith([expect.objectContaining({ id: "t1" })]);
  });

  it("offers Take Down only where the status allows it", async () => {
    stubApi({
      "GET /api/threats": {
        status: 200,
        body: {
          items: [
            item("active"),
            item("fp", { status: "false_positive" }),
            item("requested", { status: "takedown_requested" }),
            item("gone", { status: "removed" }),
          ],
          nextCursor: null,
        },
      },
    });
    renderTriage();
    await screen.findByText("Threat active");
    const row = (title: string) => screen.getByRole("heading", { name: title }).closest("li") as HTMLElement;
    expect(within(row("Threat active")).getByRole("button", { name: /^Take Down/ })).toBeInTheDocument();
    for (const title of ["Threat fp", "Threat requested", "Threat gone"]) {
      expect(within(row(title)).queryByRole("button", { name: /^Take Down/ })).not.toBeInTheDocument();
      expect(within(row(title)).getByRole("button", { name: /^View Details/ })).toBeInTheDocument();
    }
  });

  it("blurs the thumbnail of intimate imagery again; other threats show the server's thumbnail or say why there is none", async () => {
    stubApi({
      "GET /api/threats": {
        status: 200,
        body: {
          items: [
            item("nude", { threatType: "intimate_imagery", thumbnailUrl: "/api/threats/nude/thumbnail" }),
            item("fake", { thumbnailUrl: "/api/threats/fake/thumbnail" }),
            item("voice", { threatType: "voice_clone", contentType: "audio/wav", noPicture: "voice" }),
            item("clip", { contentType: "video/mp4", thumbnailUrl: "/api/threats/clip/thumbnail" }),
          ],
          nextCursor: null,
        },
      },
    });
    renderTriage();
    const intimate = await screen.findByAltText("Intimate content, blurred");
    expect(intimate.getAttribute("src")).toBe("/api/threats/nude/thumbnail");
    expect(intimate.parentElement).toHaveClass("thumb-intimate");
    const rowOf = (title: string) => screen.getByRole("heading", { name: title }).closest("li") as HTMLElement;
    const plain = within(rowOf("Threat fake")).getByRole("img");
    expect(plain.parentElement).not.toHaveClass("thumb-intimate");
    expect(within(rowOf("Threat voice")).getByRole("img", { name: "Voice clip — no picture" })).toBeVisible();
    // A video stands for itself by a censored frame the server picks.
    expect(within(rowOf("Threat clip")).getByRole("img").getAttribute("src")).toBe("/api/threats/clip/thumbnail");
  });

  it("groups by account on request: one row per group with its count, expanded to its threats", async () => {
    const user = userEvent.setup({ delay: null });
    const bodies: unknown[] = [];
    const { calls, fetchMock } = stubApi({
      "GET /api/threats": (_init, url) =>
        url.searchParams.get("groupBy") === "account"
          ? {
              status: 200,
              body: {
                groups: [
                  {
                    kind: "account",
                    key: "youtube:faker",
                    label: "faker on youtube",
                    count: 2,
                    statusCounts: { active: 2 },
                    memberIds: ["m1", "m2"],
                    latestAt: at,
                    representative: item("m1"),
                  },
                ],
                nextCursor: null,
              },
            }
          : { status: 200, body: { items: [item("m1"), item("m2")], nextCursor: null } },
      "GET /api/threats/m1": { status: 200, body: item("m1", { title: "Member one" }) },
      "GET /api/threats/m2": { status: 200, body: item("m2", { title: "Member two" }) },
      "POST /api/threats/actions": (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return { status: 200, body: { action: "dismiss", changed: ["m1", "m2"], skipped: [] } };
      },
    });
    renderTriage();
    await screen.findByText("Threat m1");
    await user.selectOptions(screen.getByLabelText("Group"), "account");
    await screen.findByRole("heading", { name: "faker on youtube" });
    expect(listCalls(calls, fetchMock).at(-1)?.searchParams.get("groupBy")).toBe("account");
    // Filters the grouped list cannot apply are switched off, not silently ignored.
    expect(screen.getByLabelText("Type")).toBeDisabled();
    const expand = screen.getByRole("button", { name: "Show 2 threats" });
    expect(expand).toHaveAttribute("aria-expanded", "false");
    await user.click(expand);
    expect(await screen.findByText("Member two")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Hide 2 threats" })).toHaveAttribute("aria-expanded", "true");

    await user.click(screen.getByRole("checkbox", { name: "Select group: faker on youtube (2 threats)" }));
    await user.click(screen.getByRole("button", { name: "Dismiss" }));
    await screen.findByText("Dismissed 2 threats.");
    expect(bodies[0]).toEqual({
      action: "dismiss",
      threatIds: [],
      groups: [{ kind: "account", key: "youtube:faker" }],
    });
  });

  it("says when no threat matches the filters, rather than that the account is secure", async () => {
    const user = userEvent.setup({ delay: null });
    stubApi({
      "GET /api/threats": (_init, url) =>
        url.searchParams.get("status")
          ? { status: 200, body: { items: [], nextCursor: null } }
          : { status: 200, body: { items: [item("t1")], nextCursor: null } },
    });
    renderTriage();
    await screen.findByText("Threat t1");
    await user.selectOptions(screen.getByLabelText("Status"), "removed");
    expect(await screen.findByText("No threats match these filters.")).toBeInTheDocument();
    expect(screen.queryByText(/secure/)).not.toBeInTheDocument();
  });

  it("filters by protected person on an account that protects several", async () => {
    const user = userEvent.setup({ delay: null });
    const { calls, fetchMock } = stubApi({
      "GET /api/threats": { status: 200, body: { items: [item("t1")], nextCursor: null } },
      "GET /api/people": {
        status: 200,
        body: peopleList([protectedPerson({ personId: "p-ceo", displayName: "Dana Chief" })]),
      },
    });
    renderTriage({ withPeople: true });
    await screen.findByText("Threat t1");
    const person = await screen.findByLabelText("Person");
    expect(
      within(person)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["Everyone", "You", "Dana Chief"]);
    await user.selectOptions(person, "p-ceo");
    await waitFor(() => expect(listCalls(calls, fetchMock).at(-1)?.searchParams.get("person")).toBe("p-ceo"));
  });
});
