import * as fs from 'node:fs';
import * as path from 'node:path';

// A stack's template with its nested stacks (the endpoints', cdk/lib/api.ts) folded in, for tests that
// ask what the backend holds wherever CloudFormation keeps it: each nested resource under its own
// logical id, each of its parameters replaced by the value the parent passes (so a reference reads as
// it would inside one stack), and a DependsOn on a nested stack read as one on each resource in it
// (CloudFormation creates the nested stack, all of it, first).

type Json = unknown;
interface Resource {
  Type: string;
  Properties?: Record<string, Json>;
  DependsOn?: string | string[];
  Metadata?: Record<string, Json>;
  [key: string]: Json;
}
export interface StackTemplate {
  Resources: Record<string, Resource>;
  Parameters?: Record<string, Json>;
  Outputs?: Record<string, Json>;
}

const NESTED = 'AWS::CloudFormation::Stack';

/** The file assets of an assembly (its *.assets.json), as the object key they upload to => file. */
function assetFiles(assemblyDir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const name of fs.readdirSync(assemblyDir).filter((f) => f.endsWith('.assets.json'))) {
    const manifest = JSON.parse(fs.readFileSync(path.join(assemblyDir, name), 'utf8')) as {
      files?: Record<
        string,
        { source: { path: string }; destinations: Record<string, { objectKey: string }> }
      >;
    };
    for (const asset of Object.values(manifest.files ?? {})) {
      for (const d of Object.values(asset.destinations)) files.set(d.objectKey, asset.source.path);
    }
  }
  return files;
}

/** The nested stacks of a template: logical id, the nested template (read from the assembly dir). */
export function nestedTemplates(
  template: StackTemplate,
  assemblyDir: string,
): { id: string; file: string; template: StackTemplate; parameters: Record<string, Json> }[] {
  const nested = Object.entries(template.Resources).filter(([, r]) => r.Type === NESTED);
  if (nested.length === 0) return [];
  const assets = assetFiles(assemblyDir);
  return nested.map(([id, r]) => {
    // The TemplateURL ends with the object key its template uploads to.
    const url = JSON.stringify(r.Properties?.TemplateURL);
    const file = [...assets].find(([key]) => url.includes(`/${key}"`))?.[1];
    if (!file) throw new Error(`No template file for nested stack ${id} (${url})`);
    return {
      id,
      file,
      template: JSON.parse(fs.readFileSync(path.join(assemblyDir, file), 'utf8')) as StackTemplate,
      parameters: (r.Properties?.Parameters ?? {}) as Record<string, Json>,
    };
  });
}

function substitute(value: Json, parameters: Record<string, Json>): Json {
  if (Array.isArray(value)) return value.map((v) => substitute(v, parameters));
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    const [only] = entries;
    if (entries.length === 1 && only?.[0] === 'Ref' && typeof only[1] === 'string' && only[1] in parameters) {
      return parameters[only[1]];
    }
    return Object.fromEntries(entries.map(([k, v]) => [k, substitute(v, parameters)]));
  }
  return value;
}

/** The template with every nested stack's resources in place of the nested stack resource. */
export function flattenNested<T extends StackTemplate>(template: T, assemblyDir: string): T {
  const nested = nestedTemplates(template, assemblyDir);
  if (nested.length === 0) return template;
  const resources: Record<string, Resource> = {};
  const contents = new Map<string, string[]>();
  for (const [id, r] of Object.entries(template.Resources)) if (r.Type !== NESTED) resources[id] = r;
  for (const { id, template: inner, parameters } of nested) {
    // Each stack the CLI synthesizes carries its own CDK version record (AWS::CDK::Metadata); the
    // parent's stands for all of them in the flattened view.
    const own = Object.entries(inner.Resources).filter(([, r]) => r.Type !== 'AWS::CDK::Metadata');
    contents.set(
      id,
      own.map(([innerId]) => innerId),
    );
    for (const [innerId, r] of own) {
      if (innerId in resources)
        throw new Error(`${innerId} is in two stacks: the flattened view would merge them`);
      resources[innerId] = substitute(r, parameters) as Resource;
    }
  }
  for (const r of Object.values(resources)) {
    if (r.DependsOn === undefined) continue;
    r.DependsOn = [r.DependsOn].flat().flatMap((d) => contents.get(d) ?? [d]);
  }
  return { ...template, Resources: resources };
}
