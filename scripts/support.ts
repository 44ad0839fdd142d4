// `npm run support -- <command>`: what the terms and the FAQ send to support (lookup, a lost
// authenticator phone, a refund outside the guarantee), against the local stack or a deployment.
// `npm run support -- --help` lists the commands; scripts/support/ holds them.
import os from 'node:os';
import { support } from './support/run';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

support(process.argv.slice(2), process.env, os.userInfo().username, (line) => console.log(line))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
