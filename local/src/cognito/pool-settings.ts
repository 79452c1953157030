/**
 * The user pool as the auth stack defines it: sign-in with email or phone, both verified by a
 * 6-digit code. The local stack creates the same pool in cognito-local on first start.
 */
export const POOL_NAME = "likenessguard-local";
export const CLIENT_NAME = "likenessguard-web";

export const VERIFICATION_MESSAGES = {
  emailSubject: "Your LikenessGuard verification code",
  emailMessage: "Your LikenessGuard verification code is {####}",
  smsMessage: "Your LikenessGuard verification code is {####}",
} as const;

export const renderVerification = (template: string, code: string) => template.replace("{####}", code);

export const USER_POOL_SETTINGS = {
  PoolName: POOL_NAME,
  UsernameAttributes: ["email", "phone_number"],
  AutoVerifiedAttributes: ["email", "phone_number"],
  UsernameConfiguration: { CaseSensitive: false },
  Policies: {
    PasswordPolicy: {
      MinimumLength: 8,
      RequireLowercase: true,
      RequireUppercase: true,
      RequireNumbers: true,
      RequireSymbols: false,
    },
  },
  // As the auth stack: an authenticator app may be added (optional MFA), and a new email or phone
  // replaces the old one only once its code is entered.
  MfaConfiguration: "OPTIONAL",
  UserAttributeUpdateSettings: { AttributesRequireVerificationBeforeUpdate: ["email", "phone_number"] },
  VerificationMessageTemplate: {
    DefaultEmailOption: "CONFIRM_WITH_CODE",
    EmailSubject: VERIFICATION_MESSAGES.emailSubject,
    EmailMessage: VERIFICATION_MESSAGES.emailMessage,
    SmsMessage: VERIFICATION_MESSAGES.smsMessage,
  },
} as const;

export const USER_POOL_CLIENT_SETTINGS = {
  ClientName: CLIENT_NAME,
  GenerateSecret: false,
  ExplicitAuthFlows: ["ALLOW_USER_PASSWORD_AUTH", "ALLOW_REFRESH_TOKEN_AUTH"],
  PreventUserExistenceErrors: "ENABLED",
} as const;
