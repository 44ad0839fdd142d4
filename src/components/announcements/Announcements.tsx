import React, { useEffect, useState } from 'react';
import { activeAnnouncements, type Announcement } from '../../lib/announcements';

/**
 * Announcements come from /announcements.json and are filtered by the visitor's clock, so a page built
 * months ago still shows exactly the ones in force today.
 */
const systemClock = () => new Date();

export function Announcements({ now = systemClock }: { now?: () => Date }) {
  const [items, setItems] = useState<Announcement[]>([]);

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
