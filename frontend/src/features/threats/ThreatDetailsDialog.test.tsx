import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Threat } from "../../api/types";
import { renderRoute, stubApi } from "../../test/render-app";
import { ThreatDetailsDialog } from "./ThreatDetailsDialog";

const base: Threat = {
  id: "thr_1",
  threatType: "deepfake",
  confidence: 97,
  platform: "youtube",
  contentType: "image/jpeg",
  createdAt: new Date().toISOString(),
  status: "active",
  url: "https://youtube.example/watch?v=1",
};

describe("threat details", () => {
  it("shows the server's censored preview when the threat has a picture", () => {
    renderRoute(
      <ThreatDetailsDialog
        threat={{ ...base, previewUrl: "/api/threats/thr_1/preview" }}
        onClose={vi.fn()}
        onGenerateDmca={vi.fn()}
      />,
    );
    const dialog = screen.getByRole("dialog");
    expect(dialog.querySelector(".preview img")?.getAttribute("src")).toBe("/api/threats/thr_1/preview");
    expect(screen.getByText("Censored content preview")).toBeInTheDocument();
  });

  it("says there is no preview for a threat without a picture, instead of an empty box", () => {
    renderRoute(
      <ThreatDetailsDialog
        threat={{ ...base, threatType: "voice_clone", contentType: "audio/mpeg" }}
        onClose={vi.fn()}
        onGenerateDmca={vi.fn()}
      />,
    );
    expect(screen.getByRole("dialog").querySelector("img")).toBeNull();
    expect(screen.getByText(/No preview: open the threat URL/)).toBeInTheDocument();
  });
});

describe("why a threat was flagged", () => {
  it("states the match and each synthetic-media signal in plain words, never the detector's internals", () => {
    renderRoute(
      <ThreatDetailsDialog
        threat={{
          ...base,
          detection: {
            synthetic: true,
            syntheticScore: 0.999,
            signals: [
              {
                id: "c2pa",
                status: "present",
                score: 0.99,
                explanation: "C2PA manifest declares trainedAlgorithmicMedia",
              },
              {
                id: "ai-image",
                status: "present",
                explanation:
                  "A linear probe on CLIP ViT-B/16 scored 0.91, at which 2% of ../shared/train held-out folds",
              },
              { id: "sd-watermark", status: "unknown", explanation: "Image too large to search for the watermark" },
            ],
          },
        }}
        onClose={vi.fn()}
        onGenerateDmca={vi.fn()}
      />,
    );
    expect(screen.getByText(/A face in this media matches the protected face \(a strong match\)/)).toBeInTheDocument();
    expect(screen.getByText(/Likely synthetic: 99\.9%/)).toBeInTheDocument();
    const signals = screen.getByRole("list", { name: "Synthetic-media signals" });
    expect(signals).toHaveTextContent("Content Credentials (C2PA)");
    expect(signals).toHaveTextContent("Evidence found");
    expect(signals).toHaveTextContent("Found signs that it was made or altered by AI.");
    expect(signals).toHaveTextContent("AI-generated-image detector");
    expect(signals).toHaveTextContent("Could not tell");
    expect(screen.getByRole("dialog")).not.toHaveTextContent(
      /CLIP|linear probe|shared\/train|ai-image|trainedAlgorithmicMedia/,
    );
  });

  it("lists only what the evidence package keeps: media, page.json and detection.json, never a screenshot", () => {
    renderRoute(
      <ThreatDetailsDialog
        threat={{ ...base, evidenceData: { hash: "ab".repeat(32), capturedAt: base.createdAt } }}
        onClose={vi.fn()}
        onGenerateDmca={vi.fn()}
      />,
    );
    const kept = screen.getByRole("list", { name: "Evidence kept" });
    expect(kept).toHaveTextContent("page.json");
    expect(kept).toHaveTextContent("detection.json");
    expect(screen.getByRole("dialog")).not.toHaveTextContent(/screenshot/i);
  });

  it("never reads signals that found nothing as proof the media is genuine", () => {
    renderRoute(
      <ThreatDetailsDialog
        threat={{
          ...base,
          threatType: "voice_clone",
          detection: {
            synthetic: false,
            syntheticScore: 0,
            signals: [{ id: "voice-antispoof", status: "unknown", explanation: "Not computed: at chance" }],
          },
        }}
        onClose={vi.fn()}
        onGenerateDmca={vi.fn()}
      />,
    );
    expect(screen.getByText(/voice in this recording matches the protected voice/)).toBeInTheDocument();
    expect(screen.getByText(/That does not prove it genuine/)).toBeInTheDocument();
    expect(screen.queryByText(/Likely synthetic/)).toBeNull();
  });

  it("says a declaration check that found nothing declared checked the file, and never 'no signal found' beside a finding", () => {
    renderRoute(
      <ThreatDetailsDialog
        threat={{
          ...base,
          detection: {
            synthetic: false,
            syntheticScore: 0.3,
            signals: [
              {
                id: "c2pa",
                status: "unknown",
                explanation: "No C2PA manifest: the file makes no provenance claim either way",
              },
              {
                id: "iptc-digital-source-type",
                status: "unknown",
                explanation: "No XMP metadata: nothing is declared either way",
              },
              { id: "ai-image", status: "present", score: 0.7, explanation: "probe above its threshold" },
            ],
          },
        }}
        onClose={vi.fn()}
        onGenerateDmca={vi.fn()}
      />,
    );
    const signals = screen.getByRole("list", { name: "Synthetic-media signals" });
    expect(signals).toHaveTextContent("Nothing declared");
    expect(signals).not.toHaveTextContent("Could not examine this media");
    expect(screen.queryByText(/No signal found evidence/)).toBeNull();
    expect(screen.getByText(/Some signals below found signs of AI, but together they fall short/)).toBeInTheDocument();
  });

  it("names the imitated name and the profile's handle for an impersonation", () => {
    renderRoute(
      <ThreatDetailsDialog
        threat={{
          ...base,
          threatType: "impersonation",
          detection: { nameMatch: "Barack Obama", handle: "barack0bama" },
        }}
        onClose={vi.fn()}
        onGenerateDmca={vi.fn()}
      />,
    );
    expect(
      screen.getByText(
        /The profile @barack0bama goes by a name like "Barack Obama", and its picture matches the protected face/,
      ),
    ).toBeInTheDocument();
  });
});

describe("evidence verification", () => {
  /** Opens a threat with evidence, clicks Verify, and has the server answer `check`. */
  async function verifyWith(check: unknown) {
    const fetchMock = vi.fn(async (_input: RequestInfo | URL) => new Response(JSON.stringify(check), { status: 200 }));
    vi.stubGlobal("fetch", fetchMock);
    renderRoute(
      <ThreatDetailsDialog
        threat={{ ...base, evidenceData: { hash: "ab" } }}
        onClose={vi.fn()}
        onGenerateDmca={vi.fn()}
      />,
    );
    screen.getByRole("button", { name: "Verify evidence" }).click();
    return fetchMock;
  }
  afterEach(() => vi.unstubAllGlobals());

  it("asks the server to re-hash the package and says whether it is intact", async () => {
    const files = [
      { name: "media.jpg", intact: true },
      { name: "detection.json", intact: true },
    ];
    const fetchMock = await verifyWith({ intact: true, manifestHash: "ab", expectedHash: "ab", files });
    expect(await screen.findByText(/Evidence intact: the package and its 2 files match/)).toBeInTheDocument();
    const verifications = fetchMock.mock.calls.filter(([url]) => String(url).endsWith("/api/threats/thr_1/evidence"));
    expect(verifications).toHaveLength(1);
  });

  it("reports a changed package as changed", async () => {
    const files = [
      { name: "media.jpg", intact: false },
      { name: "detection.json", intact: true },
    ];
    await verifyWith({ intact: false, manifestHash: "cd", expectedHash: "ab", files });
    expect(
      await screen.findByText(/Evidence changed: 1 of 2 files or the manifest no longer match/),
    ).toBeInTheDocument();
  });

  it("offers no verification for a demo threat, which has no stored package", () => {
    renderRoute(
      <ThreatDetailsDialog
        threat={{ ...base, demo: true, evidenceData: { hash: "ab" } }}
        onClose={vi.fn()}
        onGenerateDmca={vi.fn()}
      />,
    );
    expect(screen.queryByRole("button", { name: "Verify evidence" })).toBeNull();
    expect(screen.getByText(/Demo threats have no stored evidence package/)).toBeInTheDocument();
  });
});

describe("evidence-based type and takedown state", () => {
  it("says why the threat has its type, with the detector's false-positive rate, and that filing is needed", () => {
    const threat: Threat = {
      ...base,
      severity: "critical",
      classification: {
        type: "deepfake",
        severity: "critical",
        reason: 'A face matches (97%) and the synthetic-media verdict is "synthetic" (ai-image).',
        likeness: { modality: "face", confidence: 97 },
        synthetic: {
          status: "synthetic",
          score: 0.95,
          detectors: ["ai-image"],
          declared: false,
          operatingPoint: { threshold: 0.9, falsePositiveRate: 0.018 },
        },
      },
      takedown: {
        noticeId: "n1",
        route: "platform_report",
        state: "filing_needed",
        channel: "web_form",
        recipient: "https://support.google.com/youtube/answer/142443",
      },
    };
    renderRoute(<ThreatDetailsDialog threat={threat} onClose={vi.fn()} onGenerateDmca={vi.fn()} />);
    expect(screen.getByText(/the synthetic-media verdict is "synthetic"/)).toBeInTheDocument();
    expect(screen.getByText(/wrongly flags 1\.8% of genuine media/)).toBeInTheDocument();
    expect(screen.getByText("Filing needed")).toBeInTheDocument();
  });
});

describe("the synthetic verdict's three levels", () => {
  const withLevel = (
    status: "synthetic" | "possibly-synthetic" | "no-evidence",
    falsePositiveRate: number,
  ): Threat => ({
    ...base,
    threatType: status === "synthetic" ? "deepfake" : "likeness_misuse",
    classification: {
      type: status === "synthetic" ? "deepfake" : "likeness_misuse",
      severity: "high",
      reason: "test",
      likeness: { modality: "face", confidence: 95 },
      synthetic: {
        status,
        score: 0.87,
        detectors: status === "no-evidence" ? [] : ["ai-image"],
        declared: false,
        operatingPoint: { threshold: 0.76, falsePositiveRate, genuineCount: 311 },
      },
    },
  });

  it("states 'synthetic' with the rate and the genuine pictures it was measured on", () => {
    renderRoute(
      <ThreatDetailsDialog threat={withLevel("synthetic", 0.003)} onClose={vi.fn()} onGenerateDmca={vi.fn()} />,
    );
    expect(
      screen.getByText(/Likely synthetic: 87\.0%.*wrongly flags 0\.3% of 311 genuine pictures/),
    ).toBeInTheDocument();
  });

  it("reports 'possibly synthetic' with its figure, never as synthetic", () => {
    renderRoute(
      <ThreatDetailsDialog
        threat={withLevel("possibly-synthetic", 0.048)}
        onClose={vi.fn()}
        onGenerateDmca={vi.fn()}
      />,
    );
    expect(
      screen.getByText(
        "Possibly synthetic: 87.0% from the signals below. At this level the detectors also flag 4.8% of 311 genuine pictures, so it is not called synthetic.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Likely synthetic/)).toBeNull();
  });

  it("says no synthetic evidence below the lower bar", () => {
    renderRoute(
      <ThreatDetailsDialog threat={withLevel("no-evidence", 0.048)} onClose={vi.fn()} onGenerateDmca={vi.fn()} />,
    );
    expect(screen.getByText(/No signal found evidence that it is synthetic/)).toBeInTheDocument();
    expect(screen.queryByText(/Possibly synthetic|Likely synthetic/)).toBeNull();
  });
});

describe("what automatic takedown did", () => {
  it("says why it sent nothing, with the one click that sends the notice yourself", async () => {
    stubApi({
      "GET /api/threats/thr_1": {
        status: 200,
        body: {
          ...base,
          allowedActions: ["takedown", "false_positive", "dismiss"],
          autoTakedown: {
            threatId: "thr_1",
            reason: "needs-person",
            detail: "Automatic takedown sent nothing: the platform's web form needs you to file it yourself.",
            platform: "youtube",
            contentUrl: base.url,
            at: new Date().toISOString(),
          },
        },
      },
    });
    const onGenerateDmca = vi.fn();
    renderRoute(<ThreatDetailsDialog threat={base} onClose={vi.fn()} onGenerateDmca={onGenerateDmca} />);
    const note = await screen.findByRole("note", { name: "Automatic takedown" });
    expect(note).toHaveTextContent("the platform's web form needs you to file it yourself");
    await userEvent.setup({ delay: null }).click(screen.getByRole("button", { name: "Review and send it yourself" }));
    expect(onGenerateDmca).toHaveBeenCalled();
  });
});
