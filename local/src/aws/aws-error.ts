/** An error an AWS API returns: its type name (the SDK maps it to an exception class) and HTTP status. */
export class AwsError extends Error {
  constructor(
    readonly type: string,
    message: string,
    readonly statusCode = 400,
  ) {
    super(message);
    this.name = type;
  }
}
