import * as fs from 'node:fs';
import * as path from 'node:path';
import { type Acknowledgment, Duration, Validations } from 'aws-cdk-lib';
import * as acm from 'aws-cdk-lib/aws-certificatemanager';
import * as cloudfront from 'aws-cdk-lib/aws-cloudfront';
import * as origins from 'aws-cdk-lib/aws-cloudfront-origins';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { Construct } from 'constructs';
import { bucketRemoval } from './bucket-removal';
import { contentSecurityPolicy } from './csp';
import {
  FRAME_OPTION,
  HSTS_INCLUDE_SUBDOMAINS,
  HSTS_MAX_AGE_SECONDS,
  PERMISSIONS_POLICY,
  REFERRER_POLICY,
} from './security-headers';

// The site: a private bucket (CloudFront reads it through origin access control) and one distribution
// that serves the static site and routes /api/* to the HTTP API on the same origin.

export const FUNCTION_CODE_FILE = path.join(__dirname, '..', 'functions', 'directory-index.js');

/** Paths whose files carry content hashes in their names (Gatsby's chunks, styles, static/, /_inline/). */
const IMMUTABLE_PATH_PATTERNS = ['/static/*', '*.js', '*.css'] as const;
const API_PATH_PATTERN = '/api/*';
/** Error codes CloudFront would otherwise cache (404 is handled separately). */
export const UNCACHED_ERROR_CODES = [400, 403, 405, 414, 416, 500, 501, 502, 503, 504] as const;

export interface SiteProps {
  production: boolean;
  apiOriginDomainName: string;
  /** Headers CloudFront adds to requests to the API (the origin secret the BFF checks). */
  apiOriginHeaders?: Record<string, string>;
  cognitoRegion: string;
  analyticsEnabled: boolean;
  domainName?: string;
  certificateArn?: string;
  /** The WAF web ACL (scope CLOUDFRONT, in us-east-1: edge-stack.ts) with the per-client rate limits. */
  webAclArn?: string;
}

export class Site extends Construct {
  readonly bucket: s3.Bucket;
  readonly logBucket: s3.Bucket;
  readonly distribution: cloudfront.Distribution;
  readonly directoryIndex: cloudfront.Function;
  readonly responseHeaders: cloudfront.ResponseHeadersPolicy;

  constructor(scope: Construct, id: string, props: SiteProps) {
    super(scope, id);

    // Server access logs of the site bucket (CloudFront forwards no query string to S3, so they hold
    // none). The distribution's own access logs go through standard logging v2 with chosen fields
    // (access-logs-stack.ts), in us-east-1; the legacy S3 logging, which writes query strings, is off.
    this.logBucket = new s3.Bucket(this, 'Logs', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      ...bucketRemoval(props.production),
    });

    this.bucket = new s3.Bucket(this, 'Bucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      serverAccessLogsBucket: this.logBucket,
      serverAccessLogsPrefix: 'site-bucket/',
      // Only built output lives here; the deploy uploads it again. Kept in production so a stack
      // mistake never takes the site down with it.
      ...bucketRemoval(props.production),
    });

    this.directoryIndex = new cloudfront.Function(this, 'DirectoryIndex', {
      comment: 'Serve /dir and /dir/ as /dir/index.html',
      runtime: cloudfront.FunctionRuntime.JS_2_0,
      code: cloudfront.FunctionCode.fromInline(fs.readFileSync(FUNCTION_CODE_FILE, 'utf8')),
    });

    this.responseHeaders = new cloudfront.ResponseHeadersPolicy(this, 'SecurityHeaders', {
      comment: 'HSTS, CSP, nosniff, frame and referrer policy for the site and the API',
      securityHeadersBehavior: {
        strictTransportSecurity: {
          accessControlMaxAge: Duration.seconds(HSTS_MAX_AGE_SECONDS),
          includeSubdomains: HSTS_INCLUDE_SUBDOMAINS,
          override: true,
        },
        contentSecurityPolicy: {
          contentSecurityPolicy: contentSecurityPolicy({
            cognitoRegion: props.cognitoRegion,
            analyticsEnabled: props.analyticsEnabled,
          }),
          override: true,
        },
        contentTypeOptions: { override: true },
        // The enums' values are the header values (security-headers.ts holds them for the local site
        // server and the smoke test too).
        frameOptions: { frameOption: FRAME_OPTION as cloudfront.HeadersFrameOption, override: true },
        referrerPolicy: {
          referrerPolicy: REFERRER_POLICY as cloudfront.HeadersReferrerPolicy,
          override: true,
        },
      },
      customHeadersBehavior: {
        customHeaders: [{ header: 'Permissions-Policy', value: PERMISSIONS_POLICY, override: true }],
      },
    });

    // HTML, page-data, root JSON, sitemap, robots: the edge revalidates with S3 on every request
    // (TTL 0 unless the object says otherwise; objects are uploaded with max-age=0), so a deploy is
    // live at once. Max TTL above 0 keeps compression on.
    const revalidate = new cloudfront.CachePolicy(this, 'RevalidateCache', {
      comment: 'HTML and data: revalidate every request',
      minTtl: Duration.seconds(0),
      defaultTtl: Duration.seconds(0),
      maxTtl: Duration.days(365),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.none(),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
    });
    // Content-hashed files never change under the same name.
    const immutable = new cloudfront.CachePolicy(this, 'ImmutableCache', {
      comment: 'Content-hashed assets: one year',
      minTtl: Duration.days(365),
      defaultTtl: Duration.days(365),
      maxTtl: Duration.days(365),
      enableAcceptEncodingGzip: true,
      enableAcceptEncodingBrotli: true,
      queryStringBehavior: cloudfront.CacheQueryStringBehavior.none(),
      headerBehavior: cloudfront.CacheHeaderBehavior.none(),
      cookieBehavior: cloudfront.CacheCookieBehavior.none(),
    });

    // LIST lets S3 answer 404 (not 403) for a missing key, so only 404 needs mapping to the not-found
    // page below. Mapping 403 would also rewrite the API's own 403 answers: error responses are
    // distribution-wide, not per behaviour.
    const s3Origin = origins.S3BucketOrigin.withOriginAccessControl(this.bucket, {
      originAccessLevels: [cloudfront.AccessLevel.READ, cloudfront.AccessLevel.LIST],
    });
    const siteBehavior = (cachePolicy: cloudfront.ICachePolicy): cloudfront.BehaviorOptions => ({
      origin: s3Origin,
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_GET_HEAD,
      cachedMethods: cloudfront.CachedMethods.CACHE_GET_HEAD,
      compress: true,
      cachePolicy,
      responseHeadersPolicy: this.responseHeaders,
    });

    const apiBehavior: cloudfront.BehaviorOptions = {
      origin: new origins.HttpOrigin(props.apiOriginDomainName, {
        customHeaders: props.apiOriginHeaders,
        protocolPolicy: cloudfront.OriginProtocolPolicy.HTTPS_ONLY,
        originSslProtocols: [cloudfront.OriginSslPolicy.TLS_V1_2],
      }),
      viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.REDIRECT_TO_HTTPS,
      allowedMethods: cloudfront.AllowedMethods.ALLOW_ALL,
      compress: true,
      cachePolicy: cloudfront.CachePolicy.CACHING_DISABLED,
      // Every viewer header (Authorization, Stripe-Signature, content-type), cookie and query string,
      // but not Host: API Gateway routes on its own host name.
      originRequestPolicy: cloudfront.OriginRequestPolicy.ALL_VIEWER_EXCEPT_HOST_HEADER,
      responseHeadersPolicy: this.responseHeaders,
    };

    const immutableBehavior = siteBehavior(immutable);
    this.distribution = new cloudfront.Distribution(this, 'Distribution', {
      comment: 'Stockbench site and /api',
      defaultRootObject: 'index.html',
      httpVersion: cloudfront.HttpVersion.HTTP2_AND_3,
      // Takes effect with a custom certificate; the *.cloudfront.net certificate has a fixed policy.
      minimumProtocolVersion: props.certificateArn
        ? cloudfront.SecurityPolicyProtocol.TLS_V1_2_2021
        : undefined,
      priceClass: cloudfront.PriceClass.PRICE_CLASS_100,
      enableIpv6: true,
      domainNames: props.domainName ? [props.domainName] : undefined,
      certificate: props.certificateArn
        ? acm.Certificate.fromCertificateArn(this, 'Certificate', props.certificateArn)
        : undefined,
      defaultBehavior: {
        ...siteBehavior(revalidate),
        functionAssociations: [
          { function: this.directoryIndex, eventType: cloudfront.FunctionEventType.VIEWER_REQUEST },
        ],
      },
      // Order matters: /api/* first so an API path ending in .js still goes to the API.
      additionalBehaviors: {
        [API_PATH_PATTERN]: apiBehavior,
        ...Object.fromEntries(IMMUTABLE_PATH_PATTERNS.map((pattern) => [pattern, immutableBehavior])),
      },
      errorResponses: [
        // Unknown site paths: the Gatsby 404 page, with status 404. This is distribution-wide, so a 404
        // from the API gets this page as body too: BFF handlers answer 400/403/409, not 404.
        { httpStatus: 404, responseHttpStatus: 404, responsePagePath: '/404.html', ttl: Duration.seconds(0) },
        // CloudFront caches other error codes for 10 s by default, keyed without the caller's token;
        // an API error for one person must never be served to another.
        ...UNCACHED_ERROR_CODES.map((httpStatus) => ({ httpStatus, ttl: Duration.seconds(0) })),
      ],
      // Standard logging (legacy) would write every URL's query string: off (see above).
      enableLogging: false,
      webAclId: props.webAclArn,
    });

    const acknowledgments: Acknowledgment[] = [
      {
        id: 'AwsSolutions-CFR1',
        reason: 'Customers anywhere may buy and use the product; there is no country to block.',
      },
    ];
    acknowledgments.push({
      id: 'AwsSolutions-CFR3',
      reason:
        'Access logs use standard logging v2 (access-logs-stack.ts, in us-east-1) with chosen fields, ' +
        'leaving out query strings; the legacy logging this rule checks would keep them.',
    });
    if (!props.webAclArn) {
      acknowledgments.push({
        id: 'AwsSolutions-CFR2',
        reason:
          'Synthesized without the web ACL of the edge stack (context webAclArn); cdk/deploy.ts always ' +
          'passes it, so a deployed distribution has its rate limits.',
      });
    }
    if (!props.certificateArn) {
      acknowledgments.push({
        id: 'AwsSolutions-CFR4',
        reason:
          'Without a custom domain the distribution uses the *.cloudfront.net certificate, whose TLS policy ' +
          'CloudFront fixes; with domainName and certificateArn the TLSv1.2_2021 minimum applies.',
      });
    }
    Validations.of(this.distribution).acknowledge(...acknowledgments, {
      id: 'Annotation::@aws-cdk/aws-cloudfront-origins:listBucketSecurityRisk',
      reason:
        'LIST is granted on purpose (404 instead of 403 for missing pages); defaultRootObject is set, query ' +
        'strings never reach S3 (cache policies forward none), so no listing request can be made.',
    });
  }
}
