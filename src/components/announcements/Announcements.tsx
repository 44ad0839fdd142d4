import React, { useEffect, useState } from 'react';
import { activeAnnouncements, type Announcement } from '../../lib/announcements';

interface AnnouncementsProps {
  /** The announcements known at build time, and when the build ran: what the static HTML shows. */
  built: { announcements: readonly Announcement[]; at: string };
  now?: () => Date;
}

const systemClock = () => new Date();

/**
 * The static HTML carries the announcements in force when the site was built, so the page does not
 * shift when they appear. After hydration the list is re-read from /announcements.json and filtered
 * by the visitor's clock, so a page built months ago still shows exactly the ones in force today.
 */
export function Announcements({ built, now = systemClock }: AnnouncementsProps) {
  const [items, setItems] = useState<Announcement[]>(() =>
    activeAnnouncements(built.announcements, new Date(built.at)),
  );

  useEffect(() => {
    let cancelled = false;
    fetch('/announcements.json')
      .then((res) => (res.ok ? (res.json() as Promise<Announcement[]>) : []))
      .then((all) => {
        if (!cancelled) setItems(activeAnnouncements(all, now()));
      })
      .catch(() => {
        // An announcement is never worth an error on the home page.
      });
    return () => {
      cancelled = true;
    };
  }, [now]);

  if (items.length === 0) return null;
  return (
    <section className="announcements" aria-label="Announcements">
      {items.map((a) => (
        <p key={a.id} className="announcement">
          {a.message}
        </p>
      ))}
    </section>
  );
}
