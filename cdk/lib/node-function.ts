import * as path from 'node:path';
import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { HANDLER_BUNDLING } from './handler-bundling';

// One way to build every Lambda of the product: same runtime, architecture, bundling, logging and a
// role of its own that starts empty (only its log group), so each grant is visible and per function.

const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** Latest Node.js runtime Lambda offers (cdk-nag L1 asks for it): the Node the tests and the local
 * stack run on, and the bundles' target (scripts/__tests__/one-node.test.ts checks they agree). */
export const NODE_RUNTIME = lambda.Runtime.NODEJS_24_X;

/**
 * 'esbuild' bundles the real handler (what deploys). 'stub' puts a tiny pre-built asset in its place so
 * tests that only inspect the template do not pay for bundling every handler.
 */
export type CodeMode = 'esbuild' | 'stub';

export interface FunctionDefaults {
  codeMode: CodeMode;
  logRetention: logs.RetentionDays;
  removalPolicy: RemovalPolicy;
}

export interface ProductFunctionProps {
  /** Entry file, relative to the repository root. */
  entry: string;
  description: string;
  environment: Record<string, string>;
  defaults: FunctionDefaults;
  timeout?: Duration;
  memorySize?: number;
}

const STUB_DIR = path.join(__dirname, '..', 'functions', 'stub');

export class ProductFunction extends Construct {
  readonly fn: lambda.Function;
  readonly role: iam.Role;
  readonly logGroup: logs.LogGroup;

  constructor(scope: Construct, id: string, props: ProductFunctionProps) {
    super(scope, id);
    const { defaults } = props;

    // Explicit log group: retention and removal are ours, and the role can be limited to this group.
    this.logGroup = new logs.LogGroup(this, 'Logs', {
      retention: defaults.logRetention,
      removalPolicy: defaults.removalPolicy,
    });
    this.role = new iam.Role(this, 'Role', {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `${props.description} (least privilege, grants listed in cdk/lib/handler-permissions.ts)`,
    });
    this.logGroup.grantWrite(this.role);

    const common = {
      runtime: NODE_RUNTIME,
      architecture: lambda.Architecture.ARM_64,
      role: this.role,
      description: props.description,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      logGroup: this.logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      applicationLogLevelV2: lambda.ApplicationLogLevel.INFO,
      systemLogLevelV2: lambda.SystemLogLevel.WARN,
      environment: { ...props.environment, NODE_OPTIONS: '--enable-source-maps' },
    };

    this.fn =
      defaults.codeMode === 'esbuild'
        ? new NodejsFunction(this, 'Function', {
            ...common,
            entry: path.join(REPO_ROOT, props.entry),
            handler: 'handler',
            projectRoot: REPO_ROOT,
            depsLockFilePath: path.join(REPO_ROOT, 'package-lock.json'),
            // AWS_NODEJS_CONNECTION_REUSE_ENABLED was read by the AWS SDK v2 only: the v3 clients (and
            // stripe's) keep connections alive by default. false is CDK's default for Node 18+ runtimes.
            awsSdkConnectionReuse: false,
            // The options live in handler-bundling.ts: the local stack bundles its handlers with them too.
            // Its externalModules replaces NodejsFunction's default (@aws-sdk/* external).
            bundling: {
              target: HANDLER_BUNDLING.target,
              format: HANDLER_BUNDLING.format === 'cjs' ? OutputFormat.CJS : OutputFormat.ESM,
              minify: HANDLER_BUNDLING.minify,
              sourceMap: HANDLER_BUNDLING.sourceMap,
              sourcesContent: HANDLER_BUNDLING.sourcesContent,
              externalModules: [...HANDLER_BUNDLING.externalModules],
              define: { ...HANDLER_BUNDLING.define },
              forceDockerBundling: false,
            },
          })
        : new lambda.Function(this, 'Function', {
            ...common,
            code: lambda.Code.fromAsset(STUB_DIR),
            handler: 'index.handler',
          });
  }
}
