// Makes every Markdown code block reachable with the keyboard (tabindex="0" on its <code>): a long
// line scrolls the block sideways, and a visitor without a mouse must be able to focus it to scroll
// (WCAG 2.1.1; axe-core's scrollable-region-focusable).
module.exports = ({ markdownAST }) => {
  const walk = (node) => {
    if (node.type === 'code') {
      node.data = node.data || {};
      node.data.hProperties = { ...(node.data.hProperties || {}), tabIndex: 0 };
    }
    (node.children || []).forEach(walk);
  };
  walk(markdownAST);
  return markdownAST;
};
