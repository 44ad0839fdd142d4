// `npm run smoke [-- --url https://... --email ... --password ...]`: a smoke test of a deploy, or of the
// local stack (no --url). One line per check, a summary, and a non-zero exit when any check failed.
// The checks are in scripts/smoke/ (run.ts runs them); `npm run smoke -- --help` lists the options.
import { smoke } from './smoke/run';

// The AWS SDK warns once on stderr that later releases need Node 22; amid the check lines it reads like
// a failure. The project pins its SDK version.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

smoke(process.argv.slice(2), process.env, (line) => console.log(line))
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
