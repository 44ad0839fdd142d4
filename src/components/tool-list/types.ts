// The tool fields the lists need, as the page queries return them.
export interface ToolSummary {
  id: string;
  title: string;
  path: string;
  summary: string;
  updated: string;
  tags: string[] | null;
}
