import { screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderRoute } from "../../test/render-app";
import { ThreatGroupRow } from "./ThreatGroupRow";
import type { ThreatGroup } from "./triage-types";

const representative = {
  id: "thr_tg",
  threatType: "impersonation",
  confidence: 91,
  platform: "telegram",
  contentType: "profile",
  url: "https://t.me/ada_vip",
  account: "ada_vip",
  status: "active",
  createdAt: "2026-11-27T05:00:00.000Z",
} as ThreatGroup["representative"];

const group = (over: Partial<ThreatGroup>): ThreatGroup => ({
  kind: "account",
  key: "twitter:ada_l0velace",
  label: "ada_vip on telegram, ada_l0velace on twitter",
  count: 2,
  statusCounts: { active: 2 },
  memberIds: ["thr_tg", "thr_x"],
  latestAt: "2026-11-27T05:00:00.000Z",
  representative,
  ...over,
});

const row = (g: ThreatGroup) =>
  renderRoute(
    <ul>
      <ThreatGroupRow
        group={g}
        onViewDetails={vi.fn()}
        onTakeDown={vi.fn()}
        selection={{ selected: false, onToggle: vi.fn() }}
      />
    </ul>,
  );

describe("an account group in the threat list", () => {
  it("says one poster's accounts on two platforms are grouped, naming the platforms and both accounts", () => {
    row(group({ platforms: ["telegram", "twitter"] }));
    expect(screen.getByText("Same poster on 2 platforms: Telegram, Twitter / X")).toBeInTheDocument();
    expect(screen.getByText("ada_vip on telegram, ada_l0velace on twitter")).toBeInTheDocument();
  });

  it("stays 'Same account' for one account on one platform", () => {
    row(group({ platforms: ["telegram"], label: "ada_vip on telegram", count: 1 }));
    expect(screen.getByText("Same account")).toBeInTheDocument();
  });
});
