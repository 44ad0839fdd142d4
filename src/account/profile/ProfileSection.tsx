import React, { type ReactNode } from 'react';

/** One titled part of /profile. */
export function ProfileSection({
  id,
  title,
  danger = false,
  children,
}: {
  id: string;
  title: string;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={`account-section${danger ? ' account-section--danger' : ''}`} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
