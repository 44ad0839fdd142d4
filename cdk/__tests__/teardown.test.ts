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

it("every function of a non-production environment, CDK's helper functions included, logs to a group its stack deletes", () => {
  const { templates } = deployTemplates();
  const functions = Object.entries(templates).flatMap(([stack, t]) =>
    Object.entries(t.Resources)
      .filter(([, r]) => r.Type === 'AWS::Lambda::Function')
      .map(([id, r]) => ({
        stack,
        id,
        t,
        r: r as { Properties?: { LoggingConfig?: { LogGroup?: unknown } } },
      })),
  );
  // Ours and CDK's: the auto-delete provider (two stacks) and BucketDeployment's upload function.
  expect(functions.filter((f) => !f.id.includes('Function')).length).toBeGreaterThanOrEqual(3);
  for (const { stack, id, t, r } of functions) {
    const ref = (r.Properties?.LoggingConfig?.LogGroup as { Ref?: string } | undefined)?.Ref;
    const group = ref ? (t.Resources[ref] as { Type?: string; DeletionPolicy?: string }) : undefined;
    expect({ fn: `${stack}/${id}`, type: group?.Type, deletion: group?.DeletionPolicy }).toEqual({
      fn: `${stack}/${id}`,
      type: 'AWS::Logs::LogGroup',
      deletion: 'Delete',
    });
  }
});
