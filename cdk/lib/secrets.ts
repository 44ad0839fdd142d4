import { RemovalPolicy, SecretValue, Validations } from 'aws-cdk-lib';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { SECRET_PLACEHOLDER } from '../../lambdas/lib/errors';

// Secrets the operator fills after the first deploy (docs/deploying.md says how). They are created with a
// fixed placeholder; CloudFormation only writes SecretString when this template value changes, so a
// redeploy never overwrites what the operator stored. Never edit the placeholders below. Names are generated
// (not fixed) so a destroyed dev stack can be created again while the old secret awaits deletion.

/** The handlers refuse it with a 503 (lambdas/lib/errors.ts), so a half-finished deploy says so. */
export const PLACEHOLDER = SECRET_PLACEHOLDER;

export interface SecretsProps {
  production: boolean;
}

export class Secrets extends Construct {
  /** JSON { secretKey, webhookSecret } (lambdas/lib/config.ts). */
  readonly stripe: secretsmanager.Secret;
  /** JSON { privateKeyPem }: Ed25519 PKCS8 PEM; the deploy script generates one if still a placeholder. */
  readonly licenseSigningKey: secretsmanager.Secret;

  constructor(scope: Construct, id: string, props: SecretsProps) {
    super(scope, id);
    const removalPolicy = props.production ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    this.stripe = new secretsmanager.Secret(this, 'Stripe', {
      description: 'Stripe secret key and webhook signing secret: JSON { secretKey, webhookSecret }',
      secretStringValue: SecretValue.unsafePlainText(
        JSON.stringify({ secretKey: PLACEHOLDER, webhookSecret: PLACEHOLDER }),
      ),
      removalPolicy,
    });
    this.licenseSigningKey = new secretsmanager.Secret(this, 'LicenseSigningKey', {
      description: 'Ed25519 private key that signs license statements: JSON { privateKeyPem }',
      secretStringValue: SecretValue.unsafePlainText(JSON.stringify({ privateKeyPem: PLACEHOLDER })),
      removalPolicy,
    });

    Validations.of(this).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'No rotation Lambda can rotate these: the Stripe keys are rolled in the Stripe dashboard and the ' +
        'signing key must change together with the public key shipped to desktop installs. ' +
        'docs/deploying.md describes the manual rotation.',
    });
  }
}
