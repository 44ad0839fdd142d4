import React from 'react';
import { offersInstallers, type Installers } from '../../lib/releases';

interface DownloadButtonsProps {
  installers: Installers;
  /** The release the installers are of, e.g. "Stockbench 2.0". */
  releaseName: string;
  supportEmail: string;
}

/** A mailto that asks support to write when the installers are out: the user's own mail, no form to keep. */
export function notifyMeHref(supportEmail: string, releaseName: string): string {
  const subject = `Tell me when the ${releaseName} installers are out`;
  const body = `Please write to me at this address when the ${releaseName} installers for Windows and macOS are on the Download page.`;
  return `mailto:${supportEmail}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}

/**
 * The installers of this build. A build without both links (a local or test build, or a deploy
 * without the installer settings) says so, and gives the way to be told when they are out and the
 * support address, instead of two buttons that lead nowhere.
 */
export function DownloadButtons({ installers, releaseName, supportEmail }: DownloadButtonsProps) {
  if (!offersInstallers(installers)) {
    return (
      <div className="download-pending" role="status">
        <p>
          The {releaseName} installers are not on this site yet. Ask to be told when they are, and we will
          write to you as soon as they are here.
        </p>
        <p className="downloads">
          <a className="button button--primary" href={notifyMeHref(supportEmail, releaseName)}>
            Email Me When the Installers Are Out
          </a>
        </p>
        <p>
          This opens a message to <a href={`mailto:${supportEmail}`}>{supportEmail}</a> in your email program.
          You can also write to that address for anything else about the download.
        </p>
      </div>
    );
  }
  return (
    <div className="downloads">
      <a className="button button--primary" href={installers.windows}>
        Download for Windows
      </a>
      <a className="button button--primary" href={installers.macos}>
        Download for macOS
      </a>
    </div>
  );
}
