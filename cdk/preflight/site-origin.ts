// Where a deploy's site answers right after its stacks: the custom domain only once its DNS record
// points at the distribution, which the operator can only add after the distribution exists. Until
// then (a first deploy with domainName) the smoke test and Stripe's webhook use the distribution's own
// domain; the deploy that finds the custom domain answering moves the webhook endpoint there.

export type Answers = (url: string) => Promise<boolean>;

/** GET url answers 200 within 10 seconds (a name without DNS, or another server's, does not). */
const healthAnswers: Answers = async (url) => {
  try {
    const answer = await fetch(url, { signal: AbortSignal.timeout(10_000), redirect: 'manual' });
    return answer.status === 200;
  } catch {
    return false;
  }
};

export async function servingSite(
  outputs: { SiteUrl: string; DistributionDomainName: string },
  answers: Answers = healthAnswers,
): Promise<{ url: string; note?: string }> {
  const distribution = `https://${outputs.DistributionDomainName}`;
  const site = outputs.SiteUrl.replace(/\/+$/, '');
  if (site === distribution || (await answers(`${site}/api/health`))) return { url: site };
  return {
    url: distribution,
    note:
      `${site} does not answer yet: point its DNS at ${outputs.DistributionDomainName} (CNAME, or a Route 53 ` +
      `alias), then deploy again (the webhook endpoint moves to ${site}) and run npm run smoke -- --url ${site}. ` +
      `Until then the smoke test and Stripe's webhook use ${distribution}.`,
  };
}
