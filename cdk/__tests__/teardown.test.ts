import { deployTemplates } from './deploy-synth';

// `cdk destroy` of an environment that is not production leaves nothing behind: CloudFormation deletes
// only empty buckets, so each bucket is emptied first (CDK's autoDeleteObjects custom resource) and
// deleted with its stack. Production keeps them (production.test.ts).

it('a non-production environment empties and deletes each of its buckets with its stack', () => {
  const { templates } = deployTemplates();
  const buckets = Object.entries(templates).flatMap(([stack, t]) =>
    Object.entries(t.Resources)
      .filter(([, r]) => r.Type === 'AWS::S3::Bucket')
      .map(([id, r]) => ({ stack, id, r: r as { DeletionPolicy?: string } })),
  );
  expect(buckets.length).toBeGreaterThanOrEqual(4);
  for (const { stack, id, r } of buckets) {
    const emptied = Object.values(templates[stack]?.Resources ?? {}).some(
      (other) =>
        other.Type === 'Custom::S3AutoDeleteObjects' &&
        JSON.stringify(other.Properties?.BucketName) === JSON.stringify({ Ref: id }),
    );
    expect({ bucket: `${stack}/${id}`, deletion: r.DeletionPolicy, emptied }).toEqual({
      bucket: `${stack}/${id}`,
      deletion: 'Delete',
      emptied: true,
    });
  }
});
