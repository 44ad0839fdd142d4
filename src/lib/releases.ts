// Which release a build offers, and which announcements it may show. Installers are build settings
// (GATSBY_INSTALLER_*_URL), content is the same for every build: an announcement that a release can
// be downloaded is shown only by a build that links that release's installers, so the home page, the
// announcements feed and the Download page of one build always tell the same story.

export interface Installers {
  windows: string;
  macos: string;
}

export interface ReleaseEntry {
  /** YYYY-MM-DD */
  date: string;
  version?: string | null;
}

/** Both installers are linked: the Download page offers the current release. */
export const offersInstallers = (installers: Installers): boolean =>
  Boolean(installers.windows && installers.macos);

/** The newest changelog entry that names a version: the release the Download page offers. */
export function currentRelease<T extends ReleaseEntry>(changelog: readonly T[]): T | undefined {
  return changelog
    .filter((e) => e.version)
    .reduce<T | undefined>((newest, e) => (!newest || e.date > newest.date ? e : newest), undefined);
}

/** The announcements this build shows: one announcing a release only when the build links its installers. */
export function announcementsForBuild<T extends { release?: string | null }>(
  all: readonly T[],
  installers: Installers,
): T[] {
  return all.filter((a) => !a.release || offersInstallers(installers));
}
