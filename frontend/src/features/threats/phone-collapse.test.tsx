import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderRoute, stubApi } from "../../test/render-app";
import { PHONE_QUERY } from "../../ui/phone-collapse";
import { ThreatTriage } from "./ThreatTriage";
import type { ThreatListItem } from "./triage-types";

const at = new Date().toISOString();
const page = Array.from(
  { length: 25 },
  (_, i): ThreatListItem => ({
    id: `t${i + 1}`,
    threatType: "likeness_misuse",
    confidence: 95,
    platform: "youtube",
    createdAt: at,
    status: "active",
    url: `https://y.example/${i + 1}`,
    title: `Threat ${i + 1}`,
  }),
);

/** The screen as a phone (390 px) or a laptop reports it to CSS media queries. */
function screenWidth(phone: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({
    matches: phone && query === PHONE_QUERY,
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

afterEach(() => vi.unstubAllGlobals());

function openList() {
  stubApi({ "GET /api/threats": { status: 200, body: { items: page, nextCursor: "next", total: 40 } } });
  renderRoute(<ThreatTriage enabled onViewDetails={vi.fn()} onTakeDown={vi.fn()} onTakeDownMany={vi.fn()} />);
}

describe("the dashboard's threat list on a phone (issue 36 item 19)", () => {
  it("shows the first 5 threats and a button for the rest of the page, then 'Load more'", async () => {
    screenWidth(true);
    const user = userEvent.setup({ delay: null });
    openList();
    await screen.findByText("Threat 1");
    expect(screen.getByText("Threat 5")).toBeInTheDocument();
    expect(screen.queryByText("Threat 6")).toBeNull();
    expect(screen.queryByRole("button", { name: /Load more/ })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Show all 25 threats" }));
    expect(screen.getByText("Threat 25")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Show the first 5 threats only" })).toHaveAttribute(
      "aria-expanded",
      "true",
    );
    expect(screen.getByRole("button", { name: /Load more/ })).toBeInTheDocument();
  });

  it("shows every threat of the page at once on a wider screen", async () => {
    screenWidth(false);
    openList();
    expect(await screen.findByText("Threat 25")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Show all/ })).toBeNull();
  });
});
