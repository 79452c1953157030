import type { RegisteredHashRecord, RegisteredHashStore } from "@lg/domain/registered-images/registered-image-service";

/** The sealed records in memory, as DynamoRegisteredHashes keeps them in the table. */
export class MemoryHashStore implements RegisteredHashStore {
  readonly items = new Map<string, RegisteredHashRecord>();
  async put(records: RegisteredHashRecord[]) {
    for (const r of records) this.items.set(`${r.userId}/${r.hashId}`, structuredClone(r));
  }
  async list(userId: string) {
    return [...this.items.values()].filter((r) => r.userId === userId);
  }
  async get(userId: string, hashId: string) {
    return this.items.get(`${userId}/${hashId}`) ?? null;
  }
  async delete(userId: string, hashIds: string[]) {
    for (const id of hashIds) this.items.delete(`${userId}/${id}`);
  }
}
