import {
  GetAccountCommand,
  GetEmailIdentityCommand,
  NotFoundException,
  SESv2Client,
} from '@aws-sdk/client-sesv2';
import { GetParameterCommand, ParameterNotFound, SSMClient } from '@aws-sdk/client-ssm';
import { GetCallerIdentityCommand, STSClient } from '@aws-sdk/client-sts';
import { EDGE_REGION } from '../lib/edge-stack';
import { fail, ok, warn, type Finding } from './findings';

// The AWS side of `npm run deploy`'s checks, run before anything is created: the region the AWS SDK
// resolves, the account, CDK's bootstrap in both regions, SES. Each reads with the SDK's own clients and
// the operator's credentials.

/**
 * The region the AWS SDK resolves from AWS_REGION or the profile: the one the CDK CLI deploys to (it sets
 * CDK_DEFAULT_REGION from it, overwriting an exported value) and the one this script's clients need.
 */
export async function sdkRegion(): Promise<string | undefined> {
  const client = new STSClient({});
  try {
    return await client.config.region();
  } catch {
    return undefined;
  } finally {
    client.destroy();
  }
}

/** The stacks' region: the `region` setting when given, which the SDK's region must then equal. */
export function checkRegion(resolved: string | undefined, setting: string | undefined): Finding {
  const check = 'region';
  if (!resolved) {
    return fail(
      check,
      'the AWS SDK resolves no region (neither AWS_REGION nor the profile names one)',
      `export AWS_REGION=${setting ?? '<region>'} (CDK_DEFAULT_REGION does not choose it: the CDK CLI overwrites it)`,
    );
  }
  if (setting && setting !== resolved) {
    return fail(
      check,
      `the stacks target ${setting} (region setting) but the AWS SDK resolves ${resolved}`,
      `export AWS_REGION=${setting}, or set region=${resolved}`,
    );
  }
  return ok(check, `${resolved}; the web ACL, edge alarms and access logs in ${EDGE_REGION}`);
}

/** The account the credentials belong to. */
export async function checkAccount(region: string): Promise<{ finding: Finding; account?: string }> {
  const client = new STSClient({ region });
  try {
    const { Account, Arn } = await client.send(new GetCallerIdentityCommand({}));
    if (!Account) throw new Error('GetCallerIdentity named no account');
    return { finding: ok('credentials', `account ${Account} as ${Arn ?? 'unknown'}`), account: Account };
  } catch (err) {
    return {
      finding: fail(
        'credentials',
        `no usable AWS credentials (${err instanceof Error ? err.message : String(err)})`,
        'sign in: aws configure, aws sso login, or AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY',
      ),
    };
  }
}

/** CDK's default bootstrap qualifier and the parameter its bootstrap stack writes its version to. */
const BOOTSTRAP_VERSION_PARAMETER = '/cdk-bootstrap/hnb659fds/version';
/** The version the synthesized templates' CheckBootstrapVersion rule asks for at least. */
const MIN_BOOTSTRAP_VERSION = 6;

/** The account bootstrapped for CDK in each region (the backend's and us-east-1). */
export async function checkBootstrap(account: string, regions: readonly string[]): Promise<Finding[]> {
  return Promise.all(
    [...new Set(regions)].map(async (region) => {
      const check = `CDK bootstrap in ${region}`;
      const fix = `npx cdk bootstrap aws://${account}/${region}`;
      const client = new SSMClient({ region });
      try {
        const { Parameter } = await client.send(
          new GetParameterCommand({ Name: BOOTSTRAP_VERSION_PARAMETER }),
        );
        const version = Number(Parameter?.Value);
        if (!Number.isInteger(version) || version < MIN_BOOTSTRAP_VERSION) {
          return fail(
            check,
            `bootstrap version ${Parameter?.Value ?? 'unknown'}, ${MIN_BOOTSTRAP_VERSION} or later needed`,
            fix,
          );
        }
        return ok(check, `version ${version}`);
      } catch (err) {
        if (err instanceof ParameterNotFound)
          return fail(check, 'the account is not bootstrapped there', fix);
        return fail(
          check,
          `cannot read ${BOOTSTRAP_VERSION_PARAMETER}: ${err instanceof Error ? err.message : String(err)}`,
          fix,
        );
      } finally {
        client.destroy();
      }
    }),
  );
}

/**
 * SES in the stacks' region: the identity mail is sent as must be verified (else nothing is sent), and
 * without production access (the sandbox) SES mails only verified addresses, and IAM checks each
 * recipient's identity too: the product then answers 503 MAIL_NOT_SENT where it must mail a customer,
 * and with sesIdentity Cognito's verification mails fail too. Production stops there unless accepted.
 */
export async function checkSes(
  region: string,
  identity: string,
  sandbox: { production: boolean; cognitoThroughSes: boolean; acceptSandbox: boolean },
): Promise<Finding[]> {
  const client = new SESv2Client({ region });
  try {
    const findings: Finding[] = [];
    try {
      const answer = await client.send(new GetEmailIdentityCommand({ EmailIdentity: identity }));
      findings.push(
        answer.VerifiedForSendingStatus
          ? ok('SES sender', `${identity} is verified in ${region}`)
          : fail(
              'SES sender',
              `${identity} is not verified yet in ${region} (${answer.VerificationStatus ?? 'unknown status'})`,
              `finish its verification (for a domain, publish the DKIM records the SES console lists) and deploy again`,
            ),
      );
    } catch (err) {
      if (!(err instanceof NotFoundException)) throw err;
      findings.push(
        fail(
          'SES sender',
          `${identity} is not an SES identity in ${region}`,
          `aws sesv2 create-email-identity --region ${region} --email-identity ${identity}, then verify it`,
        ),
      );
    }
    const account = await client.send(new GetAccountCommand({}));
    if (account.ProductionAccessEnabled) findings.push(ok('SES production access', `granted in ${region}`));
    else {
      const detail =
        `SES in ${region} is in the sandbox: it mails only verified addresses, so every customer mail ` +
        '(the email-change link, license mails) fails and those actions answer 503 MAIL_NOT_SENT' +
        (sandbox.cognitoThroughSes
          ? "; Cognito sends through SES too (sesIdentity), so every new customer's verification mail fails"
          : '');
      const request = `request production access (SES console, Account dashboard) in ${region}`;
      findings.push(
        sandbox.production && !sandbox.acceptSandbox
          ? fail('SES production access', detail, `${request}, or deploy with -c acceptSesSandbox=true`)
          : warn('SES production access', detail, request),
      );
    }
    if (account.SendingEnabled === false) {
      findings.push(
        fail(
          'SES sending',
          `sending is paused for the account in ${region}`,
          'resolve the pause in the SES console',
        ),
      );
    }
    return findings;
  } finally {
    client.destroy();
  }
}
