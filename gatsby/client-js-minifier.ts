import TerserPlugin from 'terser-webpack-plugin';
import type { JsMinifyOptions } from '@swc/core';

// The client bundle's JavaScript minifier: terser-webpack-plugin running swc's minifier (@swc/core)
// instead of terser, which took most of the production bundle's time. The options are Gatsby's own
// (webpack-utils minifyJs): ES5 output, since the bundle targets `['web', 'es5']`, and Safari 10's
// mangling rule. Gatsby's `.min.js` exclusion stays.
export function clientJsMinifier(): TerserPlugin<JsMinifyOptions> {
  return new TerserPlugin<JsMinifyOptions>({
    exclude: /\.min\.js/,
    minify: TerserPlugin.swcMinify,
    terserOptions: { ecma: 5, compress: { ecma: 5 }, mangle: { safari10: true } },
  });
}

/** Whether a webpack minimizer is Gatsby's terser-based one (the CSS minimizer is the other). */
export function isJsMinifier(plugin: unknown): boolean {
  return plugin instanceof TerserPlugin || (plugin as object | null)?.constructor.name === 'TerserPlugin';
}
