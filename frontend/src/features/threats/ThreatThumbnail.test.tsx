import "@testing-library/jest-dom/vitest";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Threat } from "../../api/types";
import { ThreatThumbnail } from "./ThreatThumbnail";

const threat = (extra: Partial<Threat> = {}): Threat => ({
  id: "t1",
  threatType: "likeness_misuse",
  confidence: 95,
  platform: "reddit",
  contentType: "image/jpeg",
  createdAt: "2026-11-26T10:00:00.000Z",
  status: "active",
  url: "https://reddit.example/p",
  ...extra,
});

describe("a threat row's picture", () => {
  afterEach(cleanup);

  it("shows the server's thumbnail on a light square while it loads, never a dark one", () => {
    const { container } = render(<ThreatThumbnail threat={threat({ thumbnailUrl: "/api/threats/t1/thumbnail" })} />);
    const img = screen.getByRole("img", { name: "Censored picture of what was found" });
    expect(img).toHaveAttribute("src", "/api/threats/t1/thumbnail");
    // Fixed size, so the row does not shift when the picture arrives.
    expect(img).toHaveAttribute("width", "72");
    expect(img).toHaveAttribute("height", "72");
    expect(container.firstChild).toHaveClass("thumb-loading");
    fireEvent.load(img);
    expect(container.firstChild).not.toHaveClass("thumb-loading");
  });

  it("says the picture could not be loaded when the server gives none", () => {
    render(<ThreatThumbnail threat={threat({ thumbnailUrl: "/api/threats/t1/thumbnail" })} />);
    fireEvent.error(screen.getByRole("img"));
    expect(screen.getByRole("img", { name: "Picture could not be loaded" })).toHaveTextContent(
      "Picture could not be loaded",
    );
  });

  it("names why there is no picture: a voice clip, evidence not kept, or nothing visual found", () => {
    const { rerender } = render(<ThreatThumbnail threat={threat({ noPicture: "voice" })} />);
    expect(screen.getByRole("img", { name: "Voice clip — no picture" })).toHaveTextContent("Voice clip — no picture");
    rerender(<ThreatThumbnail threat={threat({ noPicture: "evidence-not-kept" })} />);
    expect(screen.getByRole("img", { name: "Evidence not kept" })).toBeInTheDocument();
    rerender(<ThreatThumbnail threat={threat({ noPicture: "not-a-picture" })} />);
    expect(screen.getByRole("img", { name: "No picture in what was found" })).toBeInTheDocument();
  });

  it("judges a threat from an answer without the reason by its type and evidence", () => {
    const { rerender } = render(
      <ThreatThumbnail threat={threat({ threatType: "voice_clone", contentType: "audio/mpeg" })} />,
    );
    expect(screen.getByRole("img", { name: "Voice clip — no picture" })).toBeInTheDocument();
    rerender(<ThreatThumbnail threat={threat()} />);
    expect(screen.getByRole("img", { name: "Evidence not kept" })).toBeInTheDocument();
  });

  it("blurs intimate imagery again and labels it", () => {
    render(
      <ThreatThumbnail
        threat={threat({ threatType: "intimate_imagery", thumbnailUrl: "/api/threats/t1/thumbnail" })}
      />,
    );
    const img = screen.getByRole("img", { name: "Intimate content, blurred" });
    expect(img.parentElement).toHaveClass("thumb-intimate");
    expect(screen.getByText("Blurred")).toBeInTheDocument();
  });
});
