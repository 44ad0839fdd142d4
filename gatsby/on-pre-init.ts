import type { GatsbyNode } from 'gatsby';
import { siteConfig } from '../src/config';
import { parseMachineLimit } from '../src/lib/machine-limit';
import { tokenSyncSettingProblem } from '../src/lib/token-sync-setting';

// Settings the pages state or act on: a machine limit the handlers would refuse
// (src/lib/machine-limit.ts), a token-sync URL off the site's origin. The build stops with the reason.
export const onPreInit: GatsbyNode['onPreInit'] = ({ reporter }) => {
  try {
    parseMachineLimit(process.env.GATSBY_LICENSE_MACHINE_LIMIT, 'GATSBY_LICENSE_MACHINE_LIMIT');
  } catch (error) {
    reporter.panic(error instanceof Error ? error.message : String(error));
  }
  const tokenSync = tokenSyncSettingProblem(process.env.GATSBY_TOKEN_SYNC_URL, siteConfig.siteUrl);
  if (tokenSync) reporter.panic(tokenSync);
};
