// Build-time checks that the content does not contradict itself: gatsby-node fails the build on any
// problem found here, so a contradiction never reaches the site or the desktop application's feeds.
import { visibleItems } from './filters';
import { toolNumber } from './feeds';
import { currentRelease } from './releases';

export interface ToolFacts {
  id: string;
  title: string;
  /** YYYY-MM-DD */
  updated: string;
  tags: readonly (string | null)[] | null;
}

export interface ChangelogFacts {
  /** YYYY-MM-DD */
  date: string;
  details: readonly string[] | null;
  /** The ids of the tools this release introduced. */
  introduces: readonly string[] | null;
  /** The application's version this entry released, e.g. "2.0" (older entries name none). */
  version?: string | null;
}

export interface AnnouncementFacts {
  id: string;
  message: string;
  /** ISO 8601 */
  startDate: string;
  /** The version whose installers this announcement says are out; shown only by builds that link them. */
  release?: string | null;
}

/**
 * Every listed tool is introduced by exactly one changelog entry that names it, and its "Last
 * Updated" day is never before that entry's date, nor before the current release's (a release ships
 * every tool anew, so each tool's page is reviewed with it). Dates are compared as YYYY-MM-DD strings.
 */
export function changelogContradictions(
  tools: readonly ToolFacts[],
  changelog: readonly ChangelogFacts[],
): string[] {
  const problems: string[] = [];
  const byId = new Map(tools.map((t) => [t.id, t] as const));
  const introducedBy = new Map<string, ChangelogFacts[]>();
  for (const entry of changelog) {
    for (const id of entry.introduces ?? []) {
      const tool = byId.get(id);
      if (!tool) {
        problems.push(`The changelog entry of ${entry.date} introduces ${id}, which is not a tool.`);
        continue;
      }
      introducedBy.set(id, [...(introducedBy.get(id) ?? []), entry]);
      // The list and the sentence a reader sees must name the same tools.
      if (!(entry.details ?? []).some((d) => d.includes(tool.title))) {
        problems.push(
          `The changelog entry of ${entry.date} introduces ${id} but its text never names "${tool.title}".`,
        );
      }
      if (tool.updated < entry.date) {
        problems.push(
          `${id} ${tool.title} was last updated on ${tool.updated}, before the changelog entry of ${entry.date} that introduced it.`,
        );
      }
    }
  }
  const release = currentRelease(changelog);
  for (const tool of tools) {
    if (release?.version && tool.updated < release.date) {
      problems.push(
        `${tool.id} ${tool.title} was last updated on ${tool.updated}, before the release of ${release.date} (Stockbench ${release.version}), which changed every tool.`,
      );
    }
    const entries = introducedBy.get(tool.id) ?? [];
    if (entries.length > 1) {
      problems.push(
        `${tool.id} ${tool.title} is introduced by several changelog entries: ${entries.map((e) => e.date).join(', ')}.`,
      );
    }
  }
  // A hidden tool may not be released yet; every tool a visitor can see must have its release noted.
  for (const tool of visibleItems(tools)) {
    if (!introducedBy.has(tool.id)) {
      problems.push(`${tool.id} ${tool.title} is listed on the site but no changelog entry introduces it.`);
    }
  }
  return problems;
}

/** The free version is tools #1 to #freeToolCount: exactly those carry the tag `free`. */
export function freeTierContradictions(tools: readonly ToolFacts[], freeToolCount: number): string[] {
  const problems: string[] = [];
  for (const tool of tools) {
    const free = (tool.tags ?? []).includes('free');
    const inFreeRange = toolNumber(tool.id) <= freeToolCount;
    if (free !== inFreeRange) {
      problems.push(
        free
          ? `${tool.id} ${tool.title} is tagged free, but the free version is tools #1 to #${freeToolCount}.`
          : `${tool.id} ${tool.title} is one of tools #1 to #${freeToolCount} (the free version) but is not tagged free.`,
      );
    }
  }
  return problems;
}

// Words that tell a reader a release can be had now. An announcement using them must say which
// release (`release:`), so the build can hold it to the changelog and to the Download page.
const SAYS_AVAILABLE = /\b(now available|available now|out now|is out|released|download (it )?now)\b/i;

/**
 * Announcements and the changelog agree on releases: an announcement that a release is out names it
 * (`release`), in its text and by a changelog entry of that version dated no later than the
 * announcement starts; no version is released twice.
 */
export function releaseContradictions(
  announcements: readonly AnnouncementFacts[],
  changelog: readonly ChangelogFacts[],
): string[] {
  const problems: string[] = [];
  const byVersion = new Map<string, ChangelogFacts[]>();
  for (const entry of changelog) {
    if (entry.version) byVersion.set(entry.version, [...(byVersion.get(entry.version) ?? []), entry]);
  }
  for (const [version, entries] of byVersion) {
    if (entries.length > 1) {
      problems.push(
        `Version ${version} is released by several changelog entries: ${entries.map((e) => e.date).join(', ')}.`,
      );
    }
  }
  for (const a of announcements) {
    if (!a.release) {
      if (SAYS_AVAILABLE.test(a.message)) {
        problems.push(
          `The announcement ${a.id} says a release is out but names none: add "release: <version>" of a changelog entry.`,
        );
      }
      continue;
    }
    const entry = byVersion.get(a.release)?.[0];
    if (!entry) {
      problems.push(
        `The announcement ${a.id} announces version ${a.release}, which no changelog entry releases.`,
      );
    } else if (entry.date > a.startDate.slice(0, 10)) {
      problems.push(
        `The announcement ${a.id} starts on ${a.startDate.slice(0, 10)}, before the changelog entry of ${entry.date} that releases version ${a.release}.`,
      );
    }
    if (!a.message.includes(`Stockbench ${a.release}`)) {
      problems.push(
        `The announcement ${a.id} announces version ${a.release} but its text never says "Stockbench ${a.release}".`,
      );
    }
  }
  return problems;
}
