/** Resource names of the local stack (CDK names the AWS ones per stage). */
export const LOCAL_NAMES = {
  table: "likenessguard-local",
  biometricBucket: "lg-local-biometric",
  evidenceBucket: "lg-local-evidence",
  scanWorkBucket: "lg-local-scan-work",
  biometricKeyAlias: "alias/likenessguard-biometric",
  webhookSecretsKeyAlias: "alias/likenessguard-webhook-secrets",
  schedulerGroup: "likenessguard-scans",
  schedulerRoleArn: "arn:aws:iam::000000000000:role/lg-local-scheduler",
  vapidSecret: "likenessguard-vapid",
  stripeSecret: "likenessguard-stripe",
  mailFrom: "LikenessGuard <alerts@likenessguard.local>",
  region: "us-east-1",
  galleryClusterArn: "arn:aws:rds:us-east-1:000000000000:cluster:likenessguard-gallery",
  gallerySecretArn: "arn:aws:secretsmanager:us-east-1:000000000000:secret:likenessguard-gallery",
  galleryDatabase: "gallery",
} as const;
