import path from 'node:path';
import { transformSync, type Options as SwcOptions } from '@swc/core';
import type { CreateWebpackConfigArgs } from 'gatsby';
import TerserPlugin from 'terser-webpack-plugin';
import { onCreateWebpackConfig } from '../gatsby/on-create-webpack-config';

// The build's webpack settings, given the configuration Gatsby would hand to the hook.

/** Stands for webpack's ProvidePlugin: its name and its `definitions` are what the hook reads. */
class ProvidePlugin {
  constructor(readonly definitions: Record<string, string>) {}
}

interface Rule {
  test: RegExp;
  include?: (file: string) => boolean;
  use: (info: { resource: string }) => Array<{ loader: string; options?: unknown }>;
}

interface Configured {
  plugins: unknown[];
  cache?: unknown;
  optimization: { minimizer: unknown[] };
  module: { rules: Rule[] };
}

/** Gatsby's two Babel rules that match TypeScript: its JavaScript rule (everything outside node_modules) and its TypeScript rule. */
function gatsbyBabelRules(): Rule[] {
  const babel = () => [{ loader: 'babel-loader' }];
  return [
    { test: /\.(js|mjs|jsx|ts|tsx)$/, include: (file) => !file.includes('node_modules'), use: babel },
    { test: /\.tsx?$/, use: babel },
  ];
}

function configure(stage: string, plugins: unknown[], minimizer: unknown[] = []): Configured {
  const config = {
    cache: {},
    externals: [],
    plugins,
    output: { chunkFilename: '' },
    devtool: 'source-map',
    optimization: { minimizer },
    module: { rules: gatsbyBabelRules() },
  };
  let replaced: typeof config | undefined;
  const args = {
    stage,
    getConfig: () => config,
    actions: { replaceWebpackConfig: (next: typeof config) => (replaced = next) },
  } as unknown as CreateWebpackConfigArgs;
  void onCreateWebpackConfig?.(args, {} as never, () => undefined);
  if (!replaced) throw new Error(`the hook kept Gatsby's configuration for ${stage}`);
  return replaced;
}

describe('webpack configuration', () => {
  const nodeFetch = new ProvidePlugin({
    fetch: '/app/node_modules/node-fetch/lib/index.js',
    'global.fetch': '/app/node_modules/node-fetch/lib/index.js',
  });
  const other = new ProvidePlugin({ process: 'process/browser' });

  it.each(['build-html', 'develop-html'])(
    'server rendering (%s) uses Node’s own fetch, not node-fetch (which loads the deprecated punycode)',
    (stage) => {
      expect(configure(stage, [nodeFetch, other]).plugins).toEqual([other]);
    },
  );

  it('the browser bundle keeps its plugins and drops the persistent cache', () => {
    const config = configure('build-javascript', [other]);
    expect(config.plugins).toEqual([other]);
    expect(config.cache).toBe(false);
  });

  it('minifies the browser bundle with swc, to ES5, and keeps the CSS minimizer', async () => {
    // Gatsby's own JS minimizer (terser) and a stand-in for its CSS one.
    const css = { name: 'css' };
    const { minimizer } = configure('build-javascript', [other], [new TerserPlugin(), css]).optimization;
    expect(minimizer).toHaveLength(2);
    expect(minimizer[1]).toBe(css);
    const js = (minimizer[0] as { options: { minimizer: MinimizerSettings } }).options.minimizer;
    expect(js.implementation).toBe(TerserPlugin.swcMinify);
    const source = 'var list = [1, 2].map(function (value) { return value * 2; }); console.log(list);';
    const { code } = await js.implementation({ 'a.js': source }, undefined, js.options, false);
    // Shorter, and no ES2015 syntax made from ES5 input (the bundle targets ES5).
    expect(code.length).toBeLessThan(source.length);
    expect(code).not.toMatch(/=>|\blet\b|\bconst\b/);
    expect(code).toContain('function');
  });

  describe("transpiles src with swc, and keeps Gatsby's Babel where its plugins change the file", () => {
    const file = (relative: string) => path.resolve(relative);
    const component = file('src/components/error-screen/ErrorBoundary.tsx');
    const babelFiles = [
      file('src/pages/index.tsx'), // a page: Gatsby splits it into its page and Head exports
      file('src/templates/tool.tsx'),
      file('src/lib/use-site-facts.ts'), // a static query
      file('.cache/production-app.js'), // Gatsby's own runtime
    ];
    const loadersFor = (rules: Rule[], resource: string) =>
      rules
        .filter((rule) => rule.test.test(resource) && (rule.include?.(resource) ?? true))
        .flatMap((rule) => rule.use({ resource }).map((use) => use.loader));

    it.each(['build-javascript', 'build-html'])('%s: swc alone for the rest of src', (stage) => {
      const { rules } = configure(stage, [other]).module;
      expect(loadersFor(rules, component)).toEqual(['swc-loader']);
      for (const babelFile of babelFiles) {
        const loaders = loadersFor(rules, babelFile);
        expect(loaders).toContain('babel-loader');
        expect(loaders).not.toContain('swc-loader');
      }
    });

    it("strips the types and keeps ES modules and the classic JSX runtime, for the site's browsers", () => {
      const { rules } = configure('build-javascript', [other]).module;
      const swc = rules
        .flatMap((rule) => rule.use({ resource: component }))
        .find((use) => use.loader === 'swc-loader');
      if (!swc) throw new Error('no swc-loader rule');
      const source = [
        "import React from 'react';",
        'type Props = { name: string };',
        'export const Hello = ({ name }: Props) => <p className="hello">{name ?? \'you\'}</p>;',
      ].join('\n');
      const { code } = transformSync(source, { ...(swc.options as SwcOptions), filename: component });
      expect(code).toContain("import React from 'react'");
      expect(code).toContain('React.createElement("p"');
      expect(code).toContain('export const Hello');
      expect(code).not.toContain('Props');
    });
  });
});

/** What terser-webpack-plugin keeps of its `minify` and `terserOptions`. */
interface MinimizerSettings {
  implementation: (
    input: Record<string, string>,
    sourceMap: undefined,
    options: unknown,
    extractComments: boolean,
  ) => Promise<{ code: string }>;
  options: unknown;
}
