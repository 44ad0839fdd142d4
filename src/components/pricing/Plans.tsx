import React from 'react';
import { Link } from 'gatsby';
import { siteConfig } from '../../config';
import { formatUsd, licenseComputers } from '../../lib/license-terms';
import { offersInstallers, type Installers } from '../../lib/releases';
import { notifyMeHref } from '../download/DownloadButtons';
import './pricing.css';

/**
 * The two offers side by side: the free version and the license. The free version's button is the
 * download; a build without installer links offers, as its Download page does, to be told by mail
 * when they are out.
 */
export function Plans({ toolCount, installers }: { toolCount: number; installers: Installers }) {
  return (
    <div className="plans">
      <section className="plan" aria-labelledby="plan-free">
        <h2 id="plan-free">Free</h2>
        <p className="plan__price">
          <strong>{formatUsd(0)}</strong> <span>forever</span>
        </p>
        <p className="plan__pitch">The first tools, to try Stockbench on your own questions.</p>
        {offersInstallers(installers) ? (
          <Link className="button plan__action" to="/download">
            Download
          </Link>
        ) : (
          <a className="button plan__action" href={notifyMeHref(siteConfig.supportEmail, siteConfig.name)}>
            Email Me When It’s Out
          </a>
        )}
        <ul className="plan__list">
          <li>Tools #1 to #{siteConfig.freeToolCount}: Treasury Rates, Price History, Performance by Year</li>
          <li>No account needed</li>
          <li>No credit card</li>
          <li>No expiry</li>
        </ul>
      </section>
      <section className="plan plan--featured" aria-labelledby="plan-licensed">
        <p className="plan__flag">Every tool</p>
        <h2 id="plan-licensed">Licensed</h2>
        <p className="plan__price">
          <strong>{formatUsd(siteConfig.licensePriceUsd)}</strong> <span>per license per month</span>
        </p>
        <p className="plan__pitch">All of Stockbench, for one person, billed monthly until you cancel.</p>
        <Link className="button button--primary plan__action" to="/licenses">
          Buy Licenses
        </Link>
        <ul className="plan__list">
          <li>All {toolCount} tools</li>
          <li>One license per person, on {licenseComputers(siteConfig.machineLimit)}</li>
          <li>Companies: one license per employee, assigned by email</li>
          <li>Buy 1 to 5 licenses at a time; add or remove later</li>
        </ul>
      </section>
    </div>
  );
}
