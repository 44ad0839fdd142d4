import React from 'react';

interface DownloadButtonsProps {
  windowsUrl: string;
  macosUrl: string;
}

/** Installer buttons; an installer with no configured URL shows a disabled button and says why. */
export function DownloadButtons({ windowsUrl, macosUrl }: DownloadButtonsProps) {
  const installers = [
    { os: 'Windows', url: windowsUrl },
    { os: 'macOS', url: macosUrl },
  ];
  const missing = installers.some((i) => !i.url);
  return (
    <>
      <div className="downloads">
        {installers.map(({ os, url }) =>
          url ? (
            <a key={os} className="button button--primary" href={url}>
              Download for {os}
            </a>
          ) : (
            <button
              key={os}
              type="button"
              className="button"
              disabled
              aria-describedby="download-unavailable"
            >
              Download for {os}
            </button>
          ),
        )}
      </div>
      {missing && (
        <p id="download-unavailable" className="note">
          Installers are published with each release and are not available from this site right now. Please
          check back soon or ask support for a download link.
        </p>
      )}
    </>
  );
}
