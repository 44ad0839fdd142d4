import React from 'react';
import { Link, type HeadFC } from 'gatsby';
import { Seo } from '../components/seo/Seo';

export default function NotFoundPage() {
  return (
    <article className="page page--prose">
      <h1>Page Not Found</h1>
      <p>The requested page does not exist.</p>
      <p>
        <Link to="/">Go to the home page</Link> or <Link to="/tools">browse the tools</Link>.
      </p>
    </article>
  );
}

export const Head: HeadFC = () => (
  <Seo title="Page Not Found" description="The requested page does not exist." pathname="/404" noindex />
);
