// Emulators (dynalite, cognito-local) accept any credentials, but the AWS SDK refuses to sign without
// some. When an endpoint override is set and the environment has none, hand the SDK fixed dummies;
// in production there is no override and the Lambda role's credentials are used.

export function localCredentials(endpoint: string | undefined) {
  if (!endpoint || process.env.AWS_ACCESS_KEY_ID) return undefined;
  return { accessKeyId: 'local', secretAccessKey: 'local' };
}
