// Gatsby's build hooks, one file each under gatsby/, in the order Gatsby calls them.
export { onPreInit } from './gatsby/on-pre-init';
export { createSchemaCustomization } from './gatsby/create-schema-customization';
export { onCreateNode } from './gatsby/on-create-node';
export { createResolvers } from './gatsby/create-resolvers';
export { createPages } from './gatsby/create-pages';
export { onPostBuild } from './gatsby/on-post-build';
export { onCreateWebpackConfig } from './gatsby/on-create-webpack-config';
