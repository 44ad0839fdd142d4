import type { IGatsbyImageData } from 'gatsby-plugin-image';
import { TOOL_THEMES } from '../../lib/tool-themes';
import type { ToolSummary } from '../tool-list/types';

export function fakeImage(src: string): IGatsbyImageData {
  return { layout: 'constrained', width: 1200, height: 720, images: { fallback: { src } } };
}

export function fakeTools(count: number): ToolSummary[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `T${i + 1}`,
    title: `Tool number ${i + 1}`,
    path: `tool-${i + 1}`,
    summary: `Summary ${i + 1}`,
    updated: '2024-05-30T00:00:00.000Z',
    tags: i === 4 ? ['hidden'] : [],
    theme: TOOL_THEMES[i % TOOL_THEMES.length]?.id ?? 'macro',
  }));
}
