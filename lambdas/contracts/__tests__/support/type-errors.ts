import path from 'node:path';
import ts from 'typescript';

// Type-checks a few files with the repository's own tsconfig, some of them replaced by text in memory,
// as the contract tests need (answers-typecheck, registries-typecheck). Only the files asked about are
// checked: the program holds everything they import, and checking all of it was most of those tests'
// time (a minute on a busy machine) for errors they then dropped.

export const ROOT = path.resolve(__dirname, '../../../..');

const config = ts.readConfigFile(path.join(ROOT, 'tsconfig.json'), (p) => ts.sys.readFile(p));
const compilerOptions = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT).options;
const baseHost = ts.createCompilerHost(compilerOptions);
/** Parsed once for every compilation (the declaration files are most of the parsing). */
const parsed = new Map<string, ts.SourceFile | undefined>();

/**
 * The type errors in `files` (absolute paths), as "relative/path: message", with the files of
 * `overlay` (absolute path to text) in place of the disk's.
 */
export function typeErrors(files: string[], overlay = new Map<string, string>()): string[] {
  const host: ts.CompilerHost = {
    ...baseHost,
    fileExists: (name) => overlay.has(path.resolve(name)) || baseHost.fileExists(name),
    // Module resolution looks for a file only in a directory that exists.
    directoryExists: (name) =>
      [...overlay.keys()].some((file) => file.startsWith(path.resolve(name) + path.sep)) ||
      (baseHost.directoryExists?.(name) ?? true),
    readFile: (name) => overlay.get(path.resolve(name)) ?? baseHost.readFile(name),
    getSourceFile: (name, language, onError) => {
      const text = overlay.get(path.resolve(name));
      if (text !== undefined) return ts.createSourceFile(name, text, language);
      if (!parsed.has(name)) parsed.set(name, baseHost.getSourceFile(name, language, onError));
      return parsed.get(name);
    },
  };
  const program = ts.createProgram({ rootNames: files, options: compilerOptions, host });
  return files.flatMap((file) => {
    const relative = path.relative(ROOT, file);
    const source = program.getSourceFile(file);
    if (!source) return [`${relative}: not found`];
    return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map(
      (d) => `${relative}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`,
    );
  });
}
