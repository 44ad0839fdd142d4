// The context (-c key=value) `npm run deploy` adds to the operator's own for each `cdk deploy` it runs
// (cdk/deploy.ts), and that cdk/__tests__/cdk-synth.test.ts synthesizes with, so the templates the
// tests check are those a deploy creates.

/** What the backend stack learns from the edge stack: the web ACL its distribution carries. */
export const backendContext = (webAclArn: string): string[] => ['-c', `webAclArn=${webAclArn}`];

export interface SiteContentInputs {
  webAclArn: string;
  /** The built site (Gatsby's public/). */
  siteDir: string;
  /** Backend outputs: SiteBucketName, DistributionId, DistributionDomainName. */
  outputs: Readonly<Record<string, string>>;
}

/** The last call: the site content and access logs stacks, which need the backend's outputs. */
export function siteContentContext({ webAclArn, siteDir, outputs }: SiteContentInputs): string[] {
  const need = (key: string): string => {
    const value = outputs[key];
    if (!value) throw new Error(`Backend output ${key} is missing`);
    return value;
  };
  return [
    ...backendContext(webAclArn),
    '-c',
    `siteDir=${siteDir}`,
    '-c',
    `siteBucketName=${need('SiteBucketName')}`,
    '-c',
    `distributionId=${need('DistributionId')}`,
    '-c',
    `distributionDomainName=${need('DistributionDomainName')}`,
  ];
}
