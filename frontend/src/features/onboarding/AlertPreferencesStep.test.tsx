import { fireEvent, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { PUBLIC_KEY, stubPushBrowser } from "../../test/push-browser";
import { renderRoute, stubApi } from "../../test/render-app";
import { AlertPreferencesStep } from "./AlertPreferencesStep";

const ENDPOINT = "https://fcm.googleapis.com/fcm/send/onboarding";
const subscription = {
  endpoint: ENDPOINT,
  toJSON: () => ({ endpoint: ENDPOINT, keys: { p256dh: "p", auth: "a" } }),
};
const pushApi = () =>
  stubApi({
    "GET /api/push/vapid-public-key": { status: 200, body: { publicKey: PUBLIC_KEY } },
    "POST /api/push/subscriptions": {
      status: 201,
      body: { id: "s1", endpoint: "https://push.example/s1", createdAt: "2026-11-20T10:00:00.000Z" },
    },
  });

function renderStep(live = true) {
  const onSubmit = vi.fn();
  renderRoute(<AlertPreferencesStep live={live} pending={false} onSubmit={onSubmit} onPrevious={() => undefined} />);
  return { onSubmit, pushBox: screen.getByRole("checkbox", { name: "Push notifications" }) };
}

const saveAndContinue = () => fireEvent.click(screen.getByRole("button", { name: "Save and Continue" }));

describe("Onboarding alert preferences", () => {
  it("subscribes this browser when push is left on, before saving push as a channel", async () => {
    stubPushBrowser(async () => subscription);
    const { calls } = pushApi();
    const { onSubmit } = renderStep();
    saveAndContinue();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ email: true, push: true, sms: false });
    const posted = calls.find((c) => c.method === "POST" && c.path === "/api/push/subscriptions");
    expect(JSON.parse(String(posted?.init?.body))).toEqual(subscription.toJSON());
  });

  it("says notifications are blocked, turns push off and stays, when the person refuses them", async () => {
    stubPushBrowser(async () => subscription, { answer: "denied" });
    const { calls } = pushApi();
    const { onSubmit, pushBox } = renderStep();
    saveAndContinue();
    expect(await screen.findByRole("alert")).toHaveTextContent(/Notifications are blocked for this site/);
    expect(pushBox).not.toBeChecked();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(calls.some((c) => c.path === "/api/push/subscriptions")).toBe(false);

    saveAndContinue();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ email: true, push: false });
  });

  it("subscribes as soon as push is ticked again, like the Settings switch", async () => {
    stubPushBrowser(async () => subscription);
    const { calls } = pushApi();
    const { pushBox } = renderStep();
    fireEvent.click(pushBox);
    expect(pushBox).not.toBeChecked();
    fireEvent.click(pushBox);
    await waitFor(() => expect(calls.some((c) => c.path === "/api/push/subscriptions")).toBe(true));
    expect(pushBox).toBeChecked();
  });

  it("offers push unticked, saying why, in a browser without push support", async () => {
    const { calls } = stubApi({});
    const { onSubmit, pushBox } = renderStep();
    expect(await screen.findByRole("alert")).toHaveTextContent(/no service workers/);
    expect(pushBox).not.toBeChecked();
    saveAndContinue();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ push: false });
    expect(calls).toEqual([]);
  });

  it("only fills the form in the demo, where there is no account to subscribe", async () => {
    const { calls } = stubApi({});
    const { onSubmit } = renderStep(false);
    saveAndContinue();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ push: true });
    expect(calls).toEqual([]);
  });

  it("offers a phone-only account SMS, ticked by its defaults, and warns when no chosen channel reaches it", async () => {
    stubPushBrowser(async () => subscription, { answer: "denied" });
    pushApi();
    const onSubmit = vi.fn();
    renderRoute(
      <AlertPreferencesStep
        live
        initial={{ email: false, sms: true, push: false }}
        contact={{ phone: "+15551234567" }}
        pending={false}
        onSubmit={onSubmit}
        onPrevious={() => undefined}
      />,
    );
    const sms = screen.getByRole("checkbox", { name: "SMS (every alert: this account has no email address)" });
    expect(sms).toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Email (this account has no email address)" })).toBeDisabled();
    expect(screen.queryByText(/No alert reaches you/)).toBeNull();
    fireEvent.click(sms);
    expect(await screen.findByText(/No alert reaches you/)).toHaveTextContent("tick SMS");
  });
});
