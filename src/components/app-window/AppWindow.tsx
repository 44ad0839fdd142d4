import React from 'react';
import type { IGatsbyImageData } from 'gatsby-plugin-image';
import { ResponsiveImage } from '../responsive-image/ResponsiveImage';
import './app-window.css';

export interface WindowSidebarGroup {
  label: string;
  tools: string[];
}

interface AppWindowProps {
  /** The tool shown, as in the window's title and highlighted in the sidebar. */
  title: string;
  /** A tool screenshot (1200 px wide); its own title bar is covered by the window's. */
  image: IGatsbyImageData;
  alt: string;
  /** The sidebar's tools by theme; none: the screenshot alone under the title bar. */
  sidebar: WindowSidebarGroup[];
  /** The page's largest paint: loaded first. */
  priority?: boolean;
  sizes?: string;
}

/**
 * The desktop application as a window: title bar, the sidebar of tools by theme (hidden on a phone)
 * and a tool's screenshot. The sidebar is a picture of the application, not navigation, so it is hidden
 * from assistive technology; the screenshot's alt text says what the window shows.
 */
export function AppWindow({ title, image, alt, sidebar, priority = false, sizes }: AppWindowProps) {
  return (
    <figure className={`app-window${sidebar.length === 0 ? ' app-window--bare' : ''}`}>
      <div className="app-window__bar" aria-hidden="true">
        <span className="app-window__dots">
          <span />
          <span />
          <span />
        </span>
        <span className="app-window__title">Stockbench — {title}</span>
      </div>
      <div className="app-window__body">
        {sidebar.length > 0 && (
          <div className="app-window__sidebar" aria-hidden="true">
            {sidebar.map((group) => (
              <div key={group.label} className="app-window__group">
                <p className="app-window__group-label">{group.label}</p>
                <ul>
                  {group.tools.map((tool) => (
                    <li key={tool} className={tool === title ? 'is-active' : undefined}>
                      {tool}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        )}
        <div className="app-window__screen">
          <ResponsiveImage
            image={image}
            alt={alt}
            loading={priority ? 'eager' : 'lazy'}
            priority={priority}
            sizes={sizes}
          />
        </div>
      </div>
    </figure>
  );
}
