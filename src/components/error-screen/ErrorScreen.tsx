import React from 'react';

/** What the screen says about the failure: an HTTP-like status when the error carries one, else its message. */
function describeError(error: unknown): string {
  if (typeof error === 'object' && error !== null) {
    const { status, statusText, message } = error as {
      status?: unknown;
      statusText?: unknown;
      message?: unknown;
    };
    if (typeof status === 'number')
      return typeof statusText === 'string' && statusText ? `${status} ${statusText}` : String(status);
    if (typeof message === 'string' && message) return message;
  }
  if (typeof error === 'string' && error) return error;
  return 'Unknown error';
}

interface ErrorScreenProps {
  error: unknown;
  /** Renders the page again (the boundary forgets the error). */
  onRetry: () => void;
}

/**
 * The error screen ("Unexpected Application Error!" with the status or message), shown instead
 * of a blank page when a page fails to render. A plain anchor home: it loads the site afresh, which
 * also recovers from a broken client state that a client-side navigation would carry along.
 */
export function ErrorScreen({ error, onRetry }: ErrorScreenProps) {
  return (
    <article className="page error-screen">
      <h1>Unexpected Application Error!</h1>
      <p className="error-screen__detail">{describeError(error)}</p>
      <p className="button-row">
        <button className="button button--primary" type="button" onClick={onRetry}>
          Try Again
        </button>
        <a className="button" href="/">
          Go to the Home Page
        </a>
      </p>
    </article>
  );
}
