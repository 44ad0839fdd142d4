import React, { type ReactNode } from 'react';

/** An error (announced at once) or a success message; nothing when empty. */
export function FormMessage({ kind, children }: { kind: 'error' | 'success'; children?: ReactNode }) {
  if (!children) return null;
  return kind === 'error' ? (
    <p className="message message--error" role="alert">
      {children}
    </p>
  ) : (
    <p className="message message--success" role="status">
      {children}
    </p>
  );
}
