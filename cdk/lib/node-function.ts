import * as path from 'node:path';
import { Duration, type RemovalPolicy } from 'aws-cdk-lib';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';

// One way to build every Lambda of the product: same runtime, architecture, bundling, logging and a
// role of its own that starts empty (only its log group), so each grant is visible and per function.

/** Latest Node.js runtime Lambda offers (cdk-nag L1 asks for it): the Node the tests and the local
 * stack run on, and the bundles' target (scripts/__tests__/one-node.test.ts checks they agree). */
export const NODE_RUNTIME = lambda.Runtime.NODEJS_24_X;

/**
 * Each handler's bundle directory (its index.js and source map), by entry file relative to the
 * repository root: cdk/lib/handler-bundles.ts deployedBundles(), which cdk/bin/app.ts awaits before it
 * builds the stacks.
 */
type HandlerBundleDirs = Readonly<Record<string, string>>;

/**
 * The handlers' bundles (what deploys), or 'stub': a tiny pre-built asset in their place, for tests
 * that only inspect the template.
 */
export type CodeMode = { bundles: HandlerBundleDirs } | 'stub';

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

function bundleDir(bundles: HandlerBundleDirs, entry: string): string {
  const dir = bundles[entry];
  if (!dir)
    throw new Error(`No bundle of ${entry}: deployedBundles() builds lambdas/{endpoints,jobs,triggers}.`);
  return dir;
}

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

    // The bundle the local stack and the tests run (handler-bundles.ts: one esbuild build of every
    // handler with the options NodejsFunction would use, handler-bundling.ts), uploaded as it is.
    const code =
      defaults.codeMode === 'stub'
        ? lambda.Code.fromAsset(STUB_DIR)
        : lambda.Code.fromAsset(bundleDir(defaults.codeMode.bundles, props.entry));
    this.fn = new lambda.Function(this, 'Function', { ...common, code, handler: 'index.handler' });
  }
}
