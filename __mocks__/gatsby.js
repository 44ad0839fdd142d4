// Gatsby's documented Jest mock: Link renders an anchor, graphql is inert.
const React = require('react');
const gatsby = jest.requireActual('gatsby');

module.exports = {
  ...gatsby,
  graphql: jest.fn(),
  // As Gatsby's Link: a plain click goes through navigate() (client-side routing), not a page load,
  // which jsdom cannot do.
  Link: jest
    .fn()
    .mockImplementation(
      ({
        activeClassName,
        activeStyle,
        getProps,
        innerRef,
        partiallyActive,
        ref,
        replace,
        to,
        onClick,
        ...rest
      }) =>
        React.createElement('a', {
          ...rest,
          href: to,
          onClick: (event) => {
            onClick?.(event);
            if (
              event.defaultPrevented ||
              event.button !== 0 ||
              event.metaKey ||
              event.ctrlKey ||
              event.shiftKey
            )
              return;
            event.preventDefault();
            module.exports.navigate(to);
          },
        }),
    ),
  Slice: jest
    .fn()
    .mockImplementation(({ alias, ...rest }) =>
      React.createElement('div', { ...rest, 'data-test-slice-alias': alias }),
    ),
  navigate: jest.fn(),
  useStaticQuery: jest.fn(),
  Script: jest.fn().mockImplementation(() => null),
};
