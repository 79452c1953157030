import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Toaster } from "./Toaster";
import { currentToasts, dismissToast, toast } from "./toast-store";

describe("toasts", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    for (const t of currentToasts()) dismissToast(t.id);
    vi.useRealTimers();
  });

  it("shows one toast at a time, the newest", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Scan initiated" });
      toast({ title: "DMCA notice generated" });
    });
    expect(screen.queryByText("Scan initiated")).toBeNull();
    expect(screen.getByText("DMCA notice generated")).toBeTruthy();
  });

  it("hides a toast after 5000 ms", () => {
    render(<Toaster />);
    act(() => {
      toast({ title: "Settings saved" });
    });
    act(() => vi.advanceTimersByTime(4999));
    expect(screen.getByText("Settings saved")).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText("Settings saved")).toBeNull();
  });

  it("moves focus to the notification viewport on F8", () => {
    render(<Toaster />);
    act(() => {
      window.dispatchEvent(new KeyboardEvent("keydown", { key: "F8" }));
    });
    expect(document.activeElement?.className).toBe("toast-viewport");
  });
});
