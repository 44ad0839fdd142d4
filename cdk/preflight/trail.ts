import {
  CloudTrailClient,
  DescribeTrailsCommand,
  GetEventSelectorsCommand,
  type GetEventSelectorsCommandOutput,
  GetTrailStatusCommand,
  type Trail,
} from '@aws-sdk/client-cloudtrail';
import { fail, ok, warn, type Finding } from './findings';

// The trail the security mails depend on: EventBridge receives Cognito's API calls ("AWS API Call via
// CloudTrail") only while a trail with logging on records them, and only the first copy of management
// events in a region is free. So `existingTrail` (no trail of the stack's own) needs a trail that logs
// write management events in the region, and a first deploy without it is told when one already does.

const CHECK = 'CloudTrail';

/** Whether a trail's selectors record write management events (basic or advanced selectors). */
function logsWriteManagementEvents(selectors: GetEventSelectorsCommandOutput): boolean {
  const basic = (selectors.EventSelectors ?? []).some(
    (s) => s.IncludeManagementEvents !== false && s.ReadWriteType !== 'ReadOnly',
  );
  const advanced = (selectors.AdvancedEventSelectors ?? []).some((s) => {
    const field = (name: string) => (s.FieldSelectors ?? []).find((f) => f.Field === name);
    const management = field('eventCategory')?.Equals?.includes('Management') ?? false;
    const readOnly = field('readOnly')?.Equals?.includes('true') ?? false;
    return management && !readOnly;
  });
  return basic || advanced;
}

/** The trails that now record write management events in `region`: its own and multi-Region ones. */
async function servingTrails(region: string): Promise<string[]> {
  const client = new CloudTrailClient({ region });
  let trails: Trail[];
  try {
    trails = (await client.send(new DescribeTrailsCommand({ includeShadowTrails: true }))).trailList ?? [];
  } finally {
    client.destroy();
  }
  const serving: string[] = [];
  for (const trail of trails) {
    if (!trail.TrailARN || (trail.HomeRegion !== region && !trail.IsMultiRegionTrail)) continue;
    // A multi-Region trail's status and selectors are read in its home Region.
    const home = new CloudTrailClient({ region: trail.HomeRegion ?? region });
    try {
      const status = await home.send(new GetTrailStatusCommand({ Name: trail.TrailARN }));
      if (!status.IsLogging) continue;
      const selectors = await home.send(new GetEventSelectorsCommand({ TrailName: trail.TrailARN }));
      if (logsWriteManagementEvents(selectors)) serving.push(trail.Name ?? trail.TrailARN);
    } finally {
      home.destroy();
    }
  }
  return serving;
}

export async function checkTrail(
  region: string,
  setting: { existingTrail: boolean; firstDeploy: boolean },
): Promise<Finding> {
  const serving = await servingTrails(region);
  if (setting.existingTrail) {
    return serving.length
      ? ok(CHECK, `${serving.join(', ')} logs management events in ${region} (existingTrail)`)
      : fail(
          CHECK,
          `existingTrail is set, but no trail logs write management events in ${region}: EventBridge would ` +
            'receive no Cognito calls, and no security mail would be sent',
          `drop -c existingTrail=true (the stack then makes its own trail), or start a trail that logs management events in ${region}`,
        );
  }
  if (setting.firstDeploy && serving.length) {
    return warn(
      CHECK,
      `${serving.join(', ')} already logs management events in ${region}: this environment's own trail ` +
        'would be a second copy, billed per event',
      '-c existingTrail=true lets that trail serve',
    );
  }
  return ok(CHECK, `the stack keeps its own trail in ${region}`);
}
