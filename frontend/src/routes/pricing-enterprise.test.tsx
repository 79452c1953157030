import { ENTERPRISE_PRICE_PER_PERSON } from "@lg/domain/billing/plan-catalogue";
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderRoute, stubApi } from "../test/render-app";
import Pricing from "./pricing";

describe("Enterprise on the pricing page", () => {
  it("states the price per protected person and checks out for the number of people chosen", async () => {
    const api = stubApi({
      "GET /api/auth/user": { status: 200, body: { userId: "owner-1", email: "owner@example.com" } },
      "POST /api/billing/checkout": { status: 200, body: { url: "#checkout" } },
    });
    renderRoute(<Pricing />, { path: "/pricing" });
    await screen.findByText(`$${ENTERPRISE_PRICE_PER_PERSON}/month per protected person`);
    expect(screen.getByRole("link", { name: "Contact sales" })).toHaveAttribute(
      "href",
      "mailto:enterprise@likenessguard.example",
    );
    fireEvent.change(screen.getByLabelText("People to protect"), { target: { value: "12" } });
    expect(
      screen.getByText(`12 people at $${ENTERPRISE_PRICE_PER_PERSON} each a month.`, { exact: false }),
    ).toBeTruthy();
    fireEvent.click(await screen.findByRole("button", { name: "Choose the Enterprise plan" }));
    await waitFor(() => expect(api.calls.some((c) => c.path === "/api/billing/checkout")).toBe(true));
    const checkout = api.calls.find((c) => c.path === "/api/billing/checkout");
    expect(JSON.parse(String(checkout?.init?.body))).toEqual({ tier: "enterprise", people: 12 });
  });

  it("offers no checkout for a number of people checkout cannot sell, and says to contact sales", async () => {
    stubApi({ "GET /api/auth/user": { status: 200, body: { userId: "owner-1" } } });
    renderRoute(<Pricing />, { path: "/pricing" });
    fireEvent.change(await screen.findByLabelText("People to protect"), { target: { value: "501" } });
    expect(screen.getByText("Choose from 1 to 500 people; contact sales for more.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Choose the Enterprise plan" })).toBeNull();
  });

  it("keeps the number of people through sign-up for a visitor", async () => {
    stubApi({ "GET /api/auth/user": { status: 401, body: "Unauthorized" } });
    renderRoute(<Pricing />, { path: "/pricing" });
    fireEvent.change(await screen.findByLabelText("People to protect"), { target: { value: "4" } });
    const link = await screen.findByRole("link", { name: "Choose the Enterprise plan" });
    const next = new URL(link.getAttribute("href") ?? "", "http://localhost").searchParams.get("next");
    expect(next).toBe("/pricing?checkout=enterprise&people=4");
  });
});
