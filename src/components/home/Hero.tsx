import React from 'react';
import { Link } from 'gatsby';
import type { IGatsbyImageData } from 'gatsby-plugin-image';
import { siteConfig } from '../../config';
import type { Installers } from '../../lib/releases';
import { AppWindow, type WindowSidebarGroup } from '../app-window/AppWindow';
import { mainAction } from '../download/main-action';

interface HeroProps {
  toolCount: number;
  image: IGatsbyImageData;
  alt: string;
  sidebar: WindowSidebarGroup[];
  /** This build's installer links: without them the first action is not the download. */
  installers: Installers;
}

/** The home page's first screen: what Stockbench is in one sentence, the two actions, the application. */
export function Hero({ toolCount, image, alt, sidebar, installers }: HeroProps) {
  const action = mainAction(installers);
  return (
    <section className="hero" aria-labelledby="hero-heading">
      <div className="container hero__inner">
        <p className="hero__eyebrow">Windows and macOS · {toolCount} research tools</p>
        <h1 id="hero-heading">Stock and macro research on your desktop</h1>
        <p className="hero__lead">
          {siteConfig.name} is a desktop application with {toolCount} research tools for stocks, ETFs, indexes
          and the US economy, from Treasury yields and inflation to earnings and seasonality.
        </p>
        <p className="hero__actions">
          <Link className="button button--primary button--large" to={action.to}>
            {action.label}
          </Link>
          <Link className="button button--large hero__secondary" to="/pricing">
            See Pricing
          </Link>
        </p>
        <p className="hero__note">
          Tools #1 to #{siteConfig.freeToolCount} are free with no account. A license opens all {toolCount}{' '}
          for ${siteConfig.licensePriceUsd} a month.
        </p>
        <div className="hero__window">
          <AppWindow
            title="Treasury Rates"
            image={image}
            alt={alt}
            sidebar={sidebar}
            priority
            sizes="(min-width: 75rem) 60rem, (min-width: 48rem) calc(100vw - 15rem), calc(100vw - 2rem)"
          />
        </div>
      </div>
    </section>
  );
}
