import {
  CloudTrailClient,
  DescribeTrailsCommand,
  GetEventSelectorsCommand,
  GetTrailStatusCommand,
} from '@aws-sdk/client-cloudtrail';
import { mockClient } from 'aws-sdk-client-mock';
import { checkTrail } from '../trail';

// The preflight's look at the account's trails (CloudTrail mocked at its client): `existingTrail` must
// name a trail that really delivers Cognito's write calls to EventBridge, and a first deploy is told when
// the account already has one (a second copy of management events is billed).

const cloudtrail = mockClient(CloudTrailClient);
const ARN = 'arn:aws:cloudtrail:us-east-1:123456789012:trail/org-audit';

/** One trail: multi-Region from us-east-1, logging or not, with these selectors. */
function account(trail: { logging: boolean; selectors: object } | undefined) {
  cloudtrail.reset();
  cloudtrail.on(DescribeTrailsCommand).resolves({
    trailList: trail
      ? [{ Name: 'org-audit', TrailARN: ARN, HomeRegion: 'us-east-1', IsMultiRegionTrail: true }]
      : [],
  });
  cloudtrail.on(GetTrailStatusCommand).resolves({ IsLogging: trail?.logging });
  cloudtrail.on(GetEventSelectorsCommand).resolves(trail?.selectors ?? {});
}
const writes = { EventSelectors: [{ ReadWriteType: 'WriteOnly', IncludeManagementEvents: true }] };
const existing = { existingTrail: true, firstDeploy: false };

it('stops when existingTrail names no trail, a stopped one, or one without write management events', async () => {
  for (const trail of [
    undefined,
    { logging: false, selectors: writes },
    { logging: true, selectors: { EventSelectors: [{ ReadWriteType: 'ReadOnly' }] } },
    { logging: true, selectors: { EventSelectors: [{ IncludeManagementEvents: false }] } },
    {
      logging: true,
      selectors: {
        AdvancedEventSelectors: [
          { FieldSelectors: [{ Field: 'eventCategory', Equals: ['Data'] }] },
          {
            FieldSelectors: [
              { Field: 'eventCategory', Equals: ['Management'] },
              { Field: 'readOnly', Equals: ['true'] },
            ],
          },
        ],
      },
    },
  ]) {
    account(trail);
    const finding = await checkTrail('eu-west-1', existing);
    expect({ trail, status: finding.status }).toEqual({ trail, status: 'fail' });
    expect(finding.detail).toContain('no security mail');
  }
});

it('lets a logging multi-Region trail serve, read in its home Region, with basic or advanced selectors', async () => {
  for (const selectors of [
    writes,
    { AdvancedEventSelectors: [{ FieldSelectors: [{ Field: 'eventCategory', Equals: ['Management'] }] }] },
  ]) {
    account({ logging: true, selectors });
    expect(await checkTrail('eu-west-1', existing)).toMatchObject({ status: 'ok' });
  }
  const regions = await Promise.all(
    cloudtrail
      .commandCalls(GetTrailStatusCommand)
      .map((c) => (c.thisValue as CloudTrailClient).config.region()),
  );
  expect(new Set(regions)).toEqual(new Set(['us-east-1']));
});

it('leaves out a single-Region trail of another Region', async () => {
  account(undefined);
  cloudtrail.on(DescribeTrailsCommand).resolves({
    trailList: [{ Name: 'other', TrailARN: ARN, HomeRegion: 'us-east-1', IsMultiRegionTrail: false }],
  });
  expect((await checkTrail('eu-west-1', existing)).status).toBe('fail');
});

it("warns a first deploy of its own trail beside the account's, and only a first deploy", async () => {
  account({ logging: true, selectors: writes });
  const first = await checkTrail('eu-west-1', { existingTrail: false, firstDeploy: true });
  expect(first).toMatchObject({ status: 'warn', fix: expect.stringContaining('existingTrail=true') });
  expect((await checkTrail('eu-west-1', { existingTrail: false, firstDeploy: false })).status).toBe('ok');
  account(undefined);
  expect((await checkTrail('eu-west-1', { existingTrail: false, firstDeploy: true })).status).toBe('ok');
});
