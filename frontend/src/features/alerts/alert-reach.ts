import type { NotificationSettings } from "../../api/types";

export interface AccountContact {
  email?: string | undefined;
  phone?: string | undefined;
}

/**
 * Which chosen alert channels can reach the person: email needs an address on the account, a text
 * a phone number, and push a subscribed browser (`pushable`, as far as the page can tell).
 */
export function alertReach(contact: AccountContact, settings: NotificationSettings, pushable: boolean) {
  const email = Boolean(settings.email && contact.email);
  const sms = Boolean(settings.sms && contact.phone);
  const push = Boolean(settings.push && pushable);
  return { email, sms, push, any: email || sms || push };
}

/** What the person is told when no chosen channel reaches them, or null when one does. */
export function noReachWarning(contact: AccountContact, settings: NotificationSettings, pushable: boolean) {
  if (alertReach(contact, settings, pushable).any) return null;
  const fix = contact.phone ? "tick SMS" : contact.email ? "tick Email" : "turn on push notifications in this browser";
  return `No alert reaches you: none of the channels you chose can deliver to this account. To be told about new threats, ${fix}.`;
}

/** The SMS channel's label: texts carry critical threats only, unless they are the account's only message channel. */
export const smsLabel = (contact: AccountContact) =>
  contact.email ? "SMS (critical threats only)" : "SMS (every alert: this account has no email address)";

/** The email channel's label, saying so when the account has no address to send to. */
export const emailLabel = (contact: AccountContact) =>
  contact.email ? `Email (${contact.email})` : "Email (this account has no email address)";
