import { type DynamoDBDocumentClient, PutCommand, QueryCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { StatusIncident, StatusProbeDay, StatusProbeRun } from "../../table/entities.js";
import { fromItem, toItem } from "../../table/entity.js";
import { queryAll } from "../../table/query-all.js";
import type { StatusComponentId } from "../status/components.js";
import type { Incident, ProbeDay, ProbeRun, StatusStore } from "../status/ports.js";

const PK = "STATUS";

/** Status probe runs, daily counts and incidents in the single table, under one small partition. */
export class DynamoStatusStore implements StatusStore {
  constructor(
    private readonly doc: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async latestRun(): Promise<ProbeRun | null> {
    const page = await this.doc.send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: "pk = :pk AND begins_with(sk, :run)",
        ExpressionAttributeValues: { ":pk": PK, ":run": StatusProbeRun.primary.skPrefix({}) },
        ScanIndexForward: false,
        Limit: 1,
      }),
    );
    const item = page.Items?.[0];
    return item ? fromItem(StatusProbeRun, item) : null;
  }

  async putRun(run: ProbeRun, expiresAt: number) {
    await this.doc.send(
      new PutCommand({ TableName: this.tableName, Item: toItem(StatusProbeRun, { ...run, expiresAt }) }),
    );
  }

  async countDay(day: string, component: StatusComponentId, ok: boolean, at: string) {
    // ADD counts concurrent runs without a read; the first run of the day sets firstAt.
    const key = toItem(StatusProbeDay, { day, component, ok: 0, total: 0, firstAt: at });
    await this.doc.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: { pk: key.pk, sk: key.sk },
        UpdateExpression:
          "ADD #ok :ok, #total :one SET #day = :day, #component = :component, #firstAt = if_not_exists(#firstAt, :at), #entity = :entity",
        ExpressionAttributeNames: {
          "#ok": "ok",
          "#total": "total",
          "#day": "day",
          "#component": "component",
          "#firstAt": "firstAt",
          "#entity": "entity",
        },
        ExpressionAttributeValues: {
          ":ok": ok ? 1 : 0,
          ":one": 1,
          ":day": day,
          ":component": component,
          ":at": at,
          ":entity": key.entity,
        },
      }),
    );
  }

  async openIncident(incident: Incident) {
    await this.doc.send(new PutCommand({ TableName: this.tableName, Item: toItem(StatusIncident, incident) }));
  }

  async resolveIncident(component: StatusComponentId, startedAt: string, resolvedAt: string) {
    const key = toItem(StatusIncident, { component, startedAt, failing: [] });
    await this.doc.send(
      new UpdateCommand({
        TableName: this.tableName,
        Key: { pk: key.pk, sk: key.sk },
        UpdateExpression: "SET resolvedAt = :at",
        ConditionExpression: "attribute_exists(pk)",
        ExpressionAttributeValues: { ":at": resolvedAt },
      }),
    );
  }

  async runsSince(fromIso: string) {
    return (
      await this.between(StatusProbeRun.primary.sk({ at: fromIso }), `${StatusProbeRun.primary.skPrefix({})}~`)
    ).map((i) => fromItem(StatusProbeRun, i));
  }

  async daysSince(fromDay: string): Promise<ProbeDay[]> {
    return (
      await this.between(StatusProbeDay.primary.skPrefix({ day: fromDay }), `${StatusProbeDay.primary.skPrefix({})}~`)
    ).map((i) => fromItem(StatusProbeDay, i));
  }

  async incidentsSince(fromIso: string) {
    return (
      await this.between(
        StatusIncident.primary.skPrefix({ startedAt: fromIso }),
        `${StatusIncident.primary.skPrefix({})}~`,
      )
    ).map((i) => fromItem(StatusIncident, i));
  }

  private between(from: string, to: string) {
    return queryAll(this.doc, {
      TableName: this.tableName,
      KeyConditionExpression: "pk = :pk AND sk BETWEEN :from AND :to",
      ExpressionAttributeValues: { ":pk": PK, ":from": from, ":to": to },
    });
  }
}
