// What Cognito refuses in an app client's attribute permissions, as one rule CDK's tests apply to the
// synthesized template (cdk/__tests__/cognito-rules.test.ts) and the local stack applies before it
// creates its client (dev/cognito/setup.ts), since cognito-local checks none of it.
//
// "Required attributes in a user pool are always writable. If you use the AWS CLI or the admin API to
// set a writable attribute and do not provide required attributes, then an InvalidParameterException
// exception is returned." (Cognito Developer Guide, "User pool attributes", Attribute permissions.)
// CloudFormation then fails with "Invalid write attributes specified while creating a client"
// (aws/aws-cdk issues 2608 and 20760).

export interface PoolAttribute {
  /** As the client names it: "email", or "custom:name" for a custom attribute. */
  name: string;
  required: boolean;
}

/**
 * Cognito's error message for a client with these write attributes in a pool with this schema, or
 * undefined when Cognito accepts it. An unset list means every standard attribute is writable.
 */
export function clientWriteAttributesRefusal(
  schema: readonly PoolAttribute[],
  writeAttributes: readonly string[] | undefined,
  action: 'creating' | 'updating' = 'creating',
): string | undefined {
  if (writeAttributes === undefined) return undefined;
  const writable = new Set(writeAttributes);
  const missing = schema.filter((a) => a.required && !writable.has(a.name)).map((a) => a.name);
  return missing.length ? `Invalid write attributes specified while ${action} a client` : undefined;
}
