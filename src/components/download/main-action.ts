import { offersInstallers, type Installers } from '../../lib/releases';

export interface MainAction {
  to: string;
  label: string;
}

/**
 * The site's main call to action in this build: the free download when the build links the
 * installers. Without them (every local or test build) the Download page can only say they are not
 * here yet, so the action is what the build can do: buying licenses (signing in or up on the way).
 */
export const mainAction = (installers: Installers): MainAction =>
  offersInstallers(installers)
    ? { to: '/download', label: 'Download Free' }
    : { to: '/licenses', label: 'Buy Licenses' };
