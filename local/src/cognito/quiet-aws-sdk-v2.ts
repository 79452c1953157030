// cognito-local is built on the AWS SDK v2, which announces its end of support on load; the local
// stack never calls it, so the notice is only noise in the startup banner.
process.env.AWS_SDK_JS_SUPPRESS_MAINTENANCE_MODE_MESSAGE = "1";
