// Settings every AWS SDK client of the handlers shares. Credentials, region and endpoints come from the
// SDK's own environment chain (Lambda sets AWS_REGION and the role's keys; the local stack also sets
// AWS_ENDPOINT_URL_<SERVICE> to its emulators), so no handler code knows where it runs.

/** AWS answers these calls in milliseconds: a stuck attempt is abandoned well inside the 15 s budget. */
const REQUEST_TIMEOUT_MS = 3_000;
const CONNECTION_TIMEOUT_MS = 1_000;

export function awsClientDefaults() {
  return {
    maxAttempts: 3,
    requestHandler: { requestTimeout: REQUEST_TIMEOUT_MS, connectionTimeout: CONNECTION_TIMEOUT_MS },
  } as const;
}
