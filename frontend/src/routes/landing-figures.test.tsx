import { TRIAL } from "@lg/domain/billing/plan-catalogue";
import type { PublicMetrics } from "@lg/domain/system/public-metrics";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderRoute, stubApi } from "../test/render-app";
import { STATUS_STUB } from "../test/status-fixture";
import Landing from "./landing";

const METRICS: PublicMetrics = {
  detection: {
    faceTarAtFar1e3: 1,
    speakerEer: 0.0089,
    modalities: [
      {
        modality: "face-match",
        measure: "Same-person face pairs recognised, allowing 1 false match in 1,000",
        value: 1,
        samples: [
          { count: 175, of: "same-person pairs" },
          { count: 1655, of: "different-person pairs" },
        ],
        set: "every pair of 61 face photos of the deepface and face_recognition projects' test sets",
        interval: {
          low: 0.97852,
          high: 1,
          method:
            "Wilson score interval over the 175 same-person pairs (pairs share photos, so the true uncertainty is wider)",
        },
      },
      {
        modality: "speaker-match",
        measure: "Voice match equal error rate (missed matches = false matches)",
        value: 0.0089,
        samples: [
          { count: 225, of: "same-speaker pairs" },
          { count: 1000, of: "different-speaker pairs" },
        ],
        set: "every pair of 50 LibriSpeech clips",
        interval: {
          low: 0.00244,
          high: 0.03182,
          method:
            "Wilson score interval with the smaller class (225 pairs) as n (clips recur across pairs, so the true uncertainty is wider)",
        },
      },
    ],
    imageP50Ms: 150.65,
    imageP95Ms: 301.2,
    machine: {
      cpuModel: "AMD EPYC 7B13",
      arch: "x64",
      isa: ["avx2"],
      onnxruntime: "1.22.0",
      threads: 2,
      measuredAt: "2026-11-24T04:06:04.799Z",
    },
    measuredAt: "2026-11-24T04:06:04.799Z",
  },
  platformsMonitored: 19,
  usage: {
    peopleProtected: { count: 1234, since: "2026-10-03T10:00:00.000Z" },
    threatsFound: { count: 87, since: "2026-10-05T10:00:00.000Z" },
    noticesSent: { count: 12, since: "2026-10-09T10:00:00.000Z" },
    contentRemoved: { count: 0 },
    countedAt: "2026-11-27T03:00:00.000Z",
  },
};

/**
 * Every figure the landing page may show, each as its source gives it (the metrics above, the plan
 * catalogue's trial, this year in the copyright line), plus names that merely contain a digit.
 */
const SOURCED = [
  "AMD EPYC 7B13 (x64, avx2), 2 threads, onnxruntime 1.22.0, measured 24 Nov 2026",
  "From our detection benchmark of 24 Nov 2026",
  "since 3 Oct 2026",
  "since 5 Oct 2026",
  "since 9 Oct 2026",
  "Counted 27 Nov 2026",
  "1,234",
  "87",
  "12",
  "0",
  // Each modality's figure, its measure, its interval and the set and held-out material it was measured on.
  "Same-person face pairs recognised, allowing 1 false match in 1,000",
  "100.0%",
  "95% confidence interval 97.9% to 100.0%: Wilson score interval over the 175 same-person pairs (pairs share photos, so the true uncertainty is wider)",
  "measured on 175 same-person pairs and 1,655 different-person pairs held out of every fit, from every pair of 61 face photos of the deepface and face_recognition projects' test sets",
  "0.9%",
  "95% confidence interval 0.2% to 3.2%: Wilson score interval with the smaller class (225 pairs) as n (clips recur across pairs, so the true uncertainty is wider)",
  "measured on 225 same-speaker pairs and 1,000 different-speaker pairs held out of every fit, from every pair of 50 LibriSpeech clips",
  "151 ms",
  "19 platforms",
  "19",
  `${TRIAL.days}-day`,
  // The live status, as GET /api/status answers (STATUS_STUB): a window probes do not yet cover says since when.
  "30 d: measuring since 2026-11-01",
  "Uptime over 24 hours, 7 and 30 days",
  `© ${new Date().getFullYear()}`,
  "SOC 2",
];

/** The page's visible text: decorative ordinals (aria-hidden step numbers) are not figures. */
function visibleText(root: HTMLElement): string {
  const clone = root.cloneNode(true) as HTMLElement;
  for (const hidden of clone.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return clone.textContent ?? "";
}

async function renderLanding(metrics: PublicMetrics) {
  stubApi({
    "GET /api/auth/user": { status: 401, body: "Unauthorized" },
    "GET /api/system/metrics": { status: 200, body: metrics },
    "GET /api/health": { status: 200, body: { status: "ok", services: [] } },
    ...STATUS_STUB,
  });
  renderRoute(<Landing />);
  await screen.findByText("People protected");
}

const tile = (label: string) => screen.getByText(label).closest(".tile") as HTMLElement;

describe("the landing page's figures", () => {
  it("shows every usage figure as counted, each with the date it counts from", async () => {
    await renderLanding(METRICS);
    expect(within(tile("People protected")).getByText("1,234")).toBeInTheDocument();
    expect(within(tile("People protected")).getByText("since 3 Oct 2026")).toBeInTheDocument();
    expect(within(tile("Threats found")).getByText("87")).toBeInTheDocument();
    expect(within(tile("Threats found")).getByText("since 5 Oct 2026")).toBeInTheDocument();
    expect(within(tile("Takedown notices sent")).getByText("12")).toBeInTheDocument();
    expect(within(tile("Content removed after a notice")).getByText("0")).toBeInTheDocument();
    expect(within(tile("Content removed after a notice")).getByText("none yet")).toBeInTheDocument();
    const speaker = tile("Voice match equal error rate (missed matches = false matches)");
    expect(within(speaker).getByText("0.9%")).toBeInTheDocument();
    expect(within(speaker).getByText(/^95% confidence interval 0\.2% to 3\.2%: Wilson/)).toBeInTheDocument();
    expect(within(speaker).getByText(/225 same-speaker pairs and 1,000 different-speaker pairs/)).toBeInTheDocument();
    const face = tile("Same-person face pairs recognised, allowing 1 false match in 1,000");
    expect(within(face).getByText("100.0%")).toBeInTheDocument();
    expect(within(face).getByText(/from every pair of 61 face photos/)).toBeInTheDocument();
    expect(within(tile("Time to check one picture (benchmark median)")).getByText("151 ms")).toBeInTheDocument();
    expect(within(tile("Platforms with a connector")).getByText("19")).toBeInTheDocument();
  });

  it("states no figure that does not come from its source: every digit on the page is accounted for", async () => {
    await renderLanding(METRICS);
    await screen.findByText(/timing on AMD EPYC/);
    let rest = visibleText(document.body);
    for (const figure of [...SOURCED].sort((a, b) => b.length - a.length)) rest = rest.split(figure).join(" ");
    expect(rest.match(/.{0,30}\d.{0,30}/g) ?? []).toEqual([]);
    // No single "accuracy", and no timing presented as the serving hardware's.
    expect(screen.queryByText(/Detection Accuracy|Average Detection Time|Customer rating|Protected users/)).toBeNull();
    expect(screen.queryByText(/accuracy/i)).toBeNull();
    // Every detection figure states the material it was measured on.
    for (const value of document.querySelectorAll(".tile-value")) {
      const label = value.closest(".tile")?.querySelector("dt")?.textContent ?? "";
      if (/Time to check|People protected|Threats found|notices sent|Content removed|Platforms/.test(label)) continue;
      expect(value.closest(".tile")?.textContent).toMatch(/measured on \d[\d,]* .* held out of every fit, from /);
      expect(value.closest(".tile")?.textContent).toMatch(/95% confidence interval \d/);
    }
  });

  it("shows no timing when the benchmark does not name its machine", async () => {
    const { machine: _machine, imageP50Ms: _p50, imageP95Ms: _p95, ...detection } = METRICS.detection ?? {};
    await renderLanding({ ...METRICS, detection });
    await screen.findByText(/Voice match equal error rate/);
    expect(screen.queryByText(/Time to check one picture/)).toBeNull();
    expect(screen.queryByText(/ ms$/)).toBeNull();
  });

  it("says the figures could not be loaded, with the reason and a Retry, when the API fails", async () => {
    let failing = true;
    stubApi({
      "GET /api/auth/user": { status: 401, body: "Unauthorized" },
      "GET /api/system/metrics": () =>
        failing ? { status: 503, body: { message: "Service Unavailable" } } : { status: 200, body: METRICS },
      "GET /api/health": { status: 200, body: { status: "ok", services: [] } },
      ...STATUS_STUB,
    });
    renderRoute(<Landing />);
    const alert = await screen.findByRole("alert", {}, { timeout: 5000 });
    expect(alert).toHaveTextContent("The figures could not be loaded: Service Unavailable");
    expect(screen.queryByText("People protected")).toBeNull();
    failing = false;
    await userEvent.setup().click(within(alert).getByRole("button", { name: "Retry" }));
    expect(await screen.findByText("1,234")).toBeInTheDocument();
  });
});
