export interface Announcement {
  id: string;
  message: string;
  startDate: string;
  endDate: string;
}

/** An announcement shows only while `now` lies between its start and end (both inclusive). */
export function activeAnnouncements(all: readonly Announcement[], now: Date): Announcement[] {
  const t = now.getTime();
  return all.filter((a) => {
    const start = Date.parse(a.startDate);
    const end = Date.parse(a.endDate);
    return Number.isFinite(start) && Number.isFinite(end) && start <= t && t <= end;
  });
}
