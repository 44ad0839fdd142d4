// Code blocks scroll sideways when a line is wider than the page. A scrollable region has to be
// reachable by keyboard (WCAG 2.1.1), so every <pre> gets tabindex="0" in the static HTML.
// mdast-util-to-hast puts a code node's hProperties on the inner <code>, not on the <pre> that
// scrolls, so the node is handed over as a ready <pre><code> element under a type of its own.
module.exports = ({ markdownAST }) => {
  const walk = (node) => {
    if (node.type === 'code') {
      const lang = node.lang && node.lang.split(/[ \t]/)[0];
      node.type = 'focusableCode';
      node.data = {
        ...(node.data || {}),
        hName: 'pre',
        hProperties: { tabIndex: 0 },
        hChildren: [
          {
            type: 'element',
            tagName: 'code',
            properties: lang ? { className: [`language-${lang}`] } : {},
            children: [{ type: 'text', value: node.value ? `${node.value}\n` : '' }],
          },
        ],
      };
      return;
    }
    (node.children || []).forEach(walk);
  };
  walk(markdownAST);
  return markdownAST;
};
