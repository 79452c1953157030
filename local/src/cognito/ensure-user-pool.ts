import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
} from "@aws-sdk/client-cognito-identity-provider";
import { buildAwsClient } from "@lg/lambdas/shared/aws/clients";
import { localClientConfig } from "../stand-ins/client-config.js";
import { USER_POOL_CLIENT_SETTINGS, USER_POOL_SETTINGS } from "./pool-settings.js";

export interface UserPoolIds {
  userPoolId: string;
  clientId: string;
}

/** Creates the user pool and web client on first start and remembers their ids in the data dir. */
export async function ensureUserPool(endpoint: string, dir: string): Promise<UserPoolIds> {
  const file = path.join(dir, "user-pool.json");
  const client = buildAwsClient(CognitoIdentityProviderClient, localClientConfig(endpoint));
  try {
    if (existsSync(file)) {
      const ids = JSON.parse(readFileSync(file, "utf8")) as UserPoolIds;
      await client.send(new DescribeUserPoolCommand({ UserPoolId: ids.userPoolId }));
      return ids;
    }
    const { UserPool } = await client.send(new CreateUserPoolCommand({ ...USER_POOL_SETTINGS } as never));
    const userPoolId = UserPool!.Id!;
    const { UserPoolClient } = await client.send(
      new CreateUserPoolClientCommand({ UserPoolId: userPoolId, ...USER_POOL_CLIENT_SETTINGS } as never),
    );
    const ids = { userPoolId, clientId: UserPoolClient!.ClientId! };
    writeFileSync(file, JSON.stringify(ids, null, 2));
    return ids;
  } finally {
    client.destroy();
  }
}
