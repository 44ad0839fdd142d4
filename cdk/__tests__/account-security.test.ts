import { Match, type Template } from 'aws-cdk-lib/assertions';
import { SECURITY_EVENT_NAMES } from '../../lambdas/lib/security-event-names';
import { AUTH_SESSION_VALIDITY_MINUTES } from '../../lambdas/lib/sign-in-window';
import { BLOCKED_COGNITO_OPERATIONS } from '../lib/blocked-cognito-operations';
import {
  BLOCKED_OPERATIONS_RULE,
  USER_POOL_RATE_LIMITS,
  USER_POOL_WINDOW_SECONDS,
} from '../lib/user-pool-web-acl';
import { removeOutput, synthesize, type SynthResult, templateOf } from './helpers';

// The account-security pieces of the backend stack: the user pool's own web ACL, the triggers that hold
// back sign-ins begun before a security change, and the CloudTrail -> EventBridge -> function path
// that tells owners of changes made straight at Cognito.

let result: SynthResult;
let t: Template;
beforeAll(() => {
  result = synthesize();
  t = templateOf(result, result.backend);
});
afterAll(() => removeOutput(result));

it('associates a regional web ACL with per-client rate limits on the mail-sending and sign-in calls', () => {
  t.hasResourceProperties('AWS::WAFv2::WebACL', {
    Scope: 'REGIONAL',
    DefaultAction: { Allow: {} },
    Rules: Match.arrayWith(
      USER_POOL_RATE_LIMITS.map((limit) =>
        Match.objectLike({
          Name: limit.name,
          Action: { Block: {} },
          Statement: {
            RateBasedStatement: Match.objectLike({
              AggregateKeyType: 'IP',
              Limit: limit.limit,
              EvaluationWindowSec: USER_POOL_WINDOW_SECONDS,
            }),
          },
        }),
      ),
    ),
  });
  expect(JSON.stringify(t.toJSON())).toContain('AWSCognitoIdentityProviderService.SignUp');
  t.hasResourceProperties('AWS::WAFv2::WebACLAssociation', {
    ResourceArn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^AuthUserPool'), 'Arn'] },
  });
});

it('blocks DeleteUser at the user pool, whoever sends it, before any rate limit (the X-Amz-Target header)', () => {
  expect(BLOCKED_COGNITO_OPERATIONS).toContain('DeleteUser');
  const acls = t.findResources('AWS::WAFv2::WebACL');
  const rules = Object.values(acls).flatMap(
    (acl) => (acl as { Properties: { Rules: { Name: string; Priority: number }[] } }).Properties.Rules,
  );
  const block = rules.find((r) => r.Name === BLOCKED_OPERATIONS_RULE);
  expect(block).toEqual({
    Name: BLOCKED_OPERATIONS_RULE,
    Priority: 0,
    Action: { Block: {} },
    Statement: {
      ByteMatchStatement: {
        FieldToMatch: { SingleHeader: { Name: 'x-amz-target' } },
        PositionalConstraint: 'EXACTLY',
        SearchString: 'AWSCognitoIdentityProviderService.DeleteUser',
        TextTransformations: [{ Priority: 0, Type: 'NONE' }],
      },
    },
    VisibilityConfig: expect.objectContaining({ CloudWatchMetricsEnabled: true }),
  });
  expect(Math.min(...rules.filter((r) => r !== block).map((r) => r.Priority))).toBeGreaterThan(0);
});

it("lets through, unlimited, the Cognito calls the BFF makes with an owner's access token (support's passkey removal)", () => {
  // Cognito sends these through the user pool's web ACL too: a block or a per-IP limit would stop
  // POST /api/finish-passkey-removal, whose calls all come from the BFF's few addresses.
  const matched = JSON.stringify(t.findResources('AWS::WAFv2::WebACL'));
  for (const operation of ['GetUser', 'ListWebAuthnCredentials', 'DeleteWebAuthnCredential']) {
    expect(matched).not.toContain(`AWSCognitoIdentityProviderService.${operation}"`);
  }
});

it('runs the PreAuthentication and PreTokenGeneration triggers, with the session validity they assume', () => {
  t.hasResourceProperties('AWS::Cognito::UserPool', {
    LambdaConfig: Match.objectLike({
      PreAuthentication: Match.anyValue(),
      PreTokenGeneration: Match.anyValue(),
      CustomMessage: Match.anyValue(),
    }),
  });
  t.hasResourceProperties('AWS::Cognito::UserPoolClient', {
    AuthSessionValidity: AUTH_SESSION_VALIDITY_MINUTES,
  });
  t.hasResourceProperties('AWS::Lambda::Function', {
    Environment: {
      Variables: Match.objectLike({
        AUTH_SESSION_VALIDITY_SECONDS: String(AUTH_SESSION_VALIDITY_MINUTES * 60),
      }),
    },
  });
});

it("passes Cognito's CloudTrail events of security changes to the function, from a trail with logging on", () => {
  t.hasResourceProperties('AWS::Events::Rule', {
    EventPattern: {
      source: ['aws.cognito-idp'],
      'detail-type': ['AWS API Call via CloudTrail'],
      detail: { eventSource: ['cognito-idp.amazonaws.com'], eventName: [...SECURITY_EVENT_NAMES] },
    },
    Targets: [
      Match.objectLike({
        Arn: { 'Fn::GetAtt': [Match.stringLikeRegexp('^AccountSecurityEventsHandler'), 'Arn'] },
      }),
    ],
  });
  t.hasResourceProperties('AWS::CloudTrail::Trail', {
    IsLogging: true,
    EventSelectors: [Match.objectLike({ IncludeManagementEvents: true, ReadWriteType: 'WriteOnly' })],
  });
});
