import type { DataKeyService } from "@lg/domain/biometrics/ports";
import type { WebhookDeliveryRecord, WebhookEndpointRecord, WebhookStore } from "@lg/domain/integrations/webhooks";

export class MemoryWebhooks implements WebhookStore {
  readonly endpoints = new Map<string, WebhookEndpointRecord>();
  readonly deliveries = new Map<string, WebhookDeliveryRecord>();
  async putEndpoint(e: WebhookEndpointRecord) {
    this.endpoints.set(e.endpointId, e);
  }
  async getEndpoint(_accountId: string, endpointId: string) {
    return this.endpoints.get(endpointId) ?? null;
  }
  async listEndpoints(accountId: string) {
    return [...this.endpoints.values()].filter((e) => e.accountId === accountId);
  }
  async deleteEndpoint(_accountId: string, endpointId: string) {
    this.endpoints.delete(endpointId);
  }
  async putDelivery(d: WebhookDeliveryRecord) {
    this.deliveries.set(d.messageId, d);
  }
  async getDelivery(_accountId: string, _endpointId: string, messageId: string) {
    return this.deliveries.get(messageId) ?? null;
  }
  async listDeliveries() {
    return [...this.deliveries.values()];
  }
  async countDeadDelivery(_accountId: string, endpointId: string, disableAt: number, reason: string) {
    const endpoint = this.endpoints.get(endpointId);
    if (!endpoint) return { turnedOff: false };
    const counted = { ...endpoint, failuresInARow: endpoint.failuresInARow + 1 };
    const turnedOff = counted.failuresInARow >= disableAt && counted.enabled;
    this.endpoints.set(endpointId, turnedOff ? { ...counted, enabled: false, disabledReason: reason } : counted);
    return { turnedOff };
  }
}

/**
 * Data keys as KMS gives them: the wrapped key opens only with the encryption context it was made
 * under (as KMS refuses a Decrypt with another), and every call is counted.
 */
export class ContextBoundDataKeys implements DataKeyService {
  private readonly issued = new Map<string, { key: Uint8Array; context: string }>();
  readonly contexts: Record<string, string>[] = [];

  async generateDataKey(context: Record<string, string>) {
    const key = crypto.getRandomValues(new Uint8Array(32));
    const wrapped = crypto.getRandomValues(new Uint8Array(48));
    this.issued.set(Buffer.from(wrapped).toString("hex"), {
      key: new Uint8Array(key),
      context: JSON.stringify(context),
    });
    this.contexts.push(context);
    return { plaintext: key, wrapped };
  }

  async unwrapDataKey(wrapped: Uint8Array, context: Record<string, string>) {
    const issued = this.issued.get(Buffer.from(wrapped).toString("hex"));
    if (!issued || issued.context !== JSON.stringify(context)) throw new Error("InvalidCiphertextException");
    return new Uint8Array(issued.key);
  }
}
