import { Duration, RemovalPolicy, Stack, type StackProps, Validations } from "aws-cdk-lib";
import * as cognito from "aws-cdk-lib/aws-cognito";
import * as iam from "aws-cdk-lib/aws-iam";
import * as wafv2 from "aws-cdk-lib/aws-wafv2";
import type { Construct } from "constructs";
import { justify } from "../compliance/justify.js";
import { resourcePrefix, type StageConfig } from "../config.js";
import { RateLimitWebAcl, USER_POOL_RATE_RULES } from "../constructs/rate-limit-web-acl.js";

export interface AuthStackProps extends StackProps {
  config: StageConfig;
}

/**
 * Cognito user pool: sign-up with an email address or a phone number, confirmed with the 6-digit
 * code Cognito sends (SES for email, SNS for SMS). The app client is used only by the auth handlers
 * (USER_PASSWORD_AUTH, server side); browsers hold a session cookie, never Cognito tokens.
 */
export class AuthStack extends Stack {
  readonly userPool: cognito.UserPool;
  readonly userPoolClient: cognito.UserPoolClient;

  constructor(scope: Construct, id: string, props: AuthStackProps) {
    super(scope, id, { ...props, terminationProtection: props.config.retainData });
    const { config } = props;
    const prefix = resourcePrefix(config);
    const mailDomain = config.mailFrom.split("@")[1] ?? config.mailFrom;

    const smsExternalId = `${prefix}-cognito-sms`;
    const smsRole = new iam.Role(this, "SmsRole", {
      description: "Lets Cognito send verification codes by SMS",
      assumedBy: new iam.ServicePrincipal("cognito-idp.amazonaws.com", {
        conditions: { StringEquals: { "sts:ExternalId": smsExternalId, "aws:SourceAccount": this.account } },
      }),
      inlinePolicies: {
        sms: new iam.PolicyDocument({
          statements: [new iam.PolicyStatement({ actions: ["sns:Publish"], resources: ["*"] })],
        }),
      },
    });
    justify(smsRole, {
      nag: ["AwsSolutions-IAM5[Resource::*]"],
      checkov: ["CKV_AWS_111"],
      reason:
        "Cognito sends SMS codes straight to phone numbers, which have no ARN; the role is assumable only by Cognito in this account with the pool's external id.",
    });

    this.userPool = new cognito.UserPool(this, "UserPool", {
      userPoolName: `${prefix}-users`,
      selfSignUpEnabled: true,
      signInAliases: { email: true, phone: true },
      signInCaseSensitive: false,
      autoVerify: { email: true, phone: true },
      keepOriginal: { email: true, phone: true },
      userVerification: {
        emailSubject: "Your LikenessGuard verification code",
        emailBody: "Your LikenessGuard verification code is {####}",
        emailStyle: cognito.VerificationEmailStyle.CODE,
        smsMessage: "Your LikenessGuard verification code is {####}",
      },
      passwordPolicy: {
        minLength: 12,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(3),
      },
      mfa: cognito.Mfa.OPTIONAL,
      mfaSecondFactor: { sms: true, otp: true, email: false },
      featurePlan: cognito.FeaturePlan.PLUS,
      standardThreatProtectionMode: cognito.StandardThreatProtectionMode.FULL_FUNCTION,
      accountRecovery: cognito.AccountRecovery.EMAIL_AND_PHONE_WITHOUT_MFA,
      email: cognito.UserPoolEmail.withSES({
        fromEmail: config.mailFrom,
        fromName: "LikenessGuard",
        sesVerifiedDomain: mailDomain,
        sesRegion: config.region,
      }),
      smsRole,
      smsRoleExternalId: smsExternalId,
      deletionProtection: config.retainData,
      removalPolicy: config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    Validations.of(this.userPool).acknowledge({
      id: "AwsSolutions-COG2",
      reason:
        "MFA is offered (TOTP or SMS) but not forced: the product's sign-up is email or phone plus a code. Plus-tier threat protection in full-function mode challenges risky sign-ins with MFA and blocks compromised credentials.",
    });

    this.userPoolClient = this.userPool.addClient("ServerClient", {
      userPoolClientName: `${prefix}-server`,
      authFlows: { userPassword: true },
      disableOAuth: true,
      preventUserExistenceErrors: true,
      enableTokenRevocation: true,
      accessTokenValidity: Duration.hours(1),
      idTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.days(30),
    });

    // The app client id is public (config.json), so Cognito's own sign-up, code and sign-in calls
    // can be made without our API; a regional web ACL limits them per source address too.
    const acl = new RateLimitWebAcl(this, "UserPoolRateLimits", {
      scope: "REGIONAL",
      name: `${prefix}-user-pool`,
      rules: USER_POOL_RATE_RULES,
    });
    new wafv2.CfnWebACLAssociation(this, "UserPoolRateLimitsAssociation", {
      resourceArn: this.userPool.userPoolArn,
      webAclArn: acl.webAcl.attrArn,
    });
  }
}
