import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The image requests are typed by their route contracts (lib/client.ts): renaming a field of the request body in
 * packages/shared/src/contracts/images.ts must break the web's type check where the body is built. The TypeScript
 * compiler runs in process on the web's sources with the contract served renamed from memory (nothing is written to
 * the tree), and only the two requesting modules are checked (one check of those, not the whole app: seconds).
 */
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../../../../..');
const CONTRACT = join(ROOT, 'packages/shared/src/contracts/images.ts');
const FARM_API = join(ROOT, 'apps/web/src/features/farm/farmApi.ts');
const COMPARE_API = join(ROOT, 'apps/web/src/features/farm/compare/compareApi.ts');

const options = (() => {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    join(ROOT, 'apps/web/tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!parsed) throw new Error('apps/web/tsconfig.json unreadable');
  return parsed.options;
})();

/** The field names of the `z.object({ … })` a contract constant is built from (`GenerateImageBody = z.object…`). */
function bodyFields(source: ts.SourceFile, name: string): ts.Identifier[] {
  let found: ts.Identifier[] | undefined;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name) {
      const findObject = (inner: ts.Node): void => {
        if (found) return;
        if (ts.isObjectLiteralExpression(inner)) {
          found = inner.properties.flatMap((p) => (p.name && ts.isIdentifier(p.name) ? [p.name] : []));
          return;
        }
        ts.forEachChild(inner, findObject);
      };
      // The first object literal of the initializer: `z.object({ … })`, before any refinement's.
      if (node.initializer) findObject(node.initializer);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  if (!found || found.length === 0) throw new Error(`${name}: no z.object({ … }) found in ${source.fileName}`);
  return found;
}

/** The type errors of the two modules that build the bodies, with the contract's text served from memory. */
function typeErrors(contractText: string): string[] {
  const host = ts.createCompilerHost(options);
  const { getSourceFile, readFile } = host;
  host.readFile = (file) => (file === CONTRACT ? contractText : readFile.call(host, file));
  host.getSourceFile = (file, language, onError) =>
    file === CONTRACT
      ? ts.createSourceFile(file, contractText, language, true)
      : getSourceFile.call(host, file, language, onError);
  const program = ts.createProgram([FARM_API, COMPARE_API], options, host);
  return [FARM_API, COMPARE_API].flatMap((file) =>
    program
      .getSemanticDiagnostics(program.getSourceFile(file))
      .map((d) => `${file.slice(ROOT.length + 1)}: ${ts.flattenDiagnosticMessageText(d.messageText, ' ')}`),
  );
}

describe('the image request bodies, typed by their contracts', () => {
  it('stop type-checking when a field of GenerateImageBody or ChangeBody is renamed', () => {
    const original = readFileSync(CONTRACT, 'utf8');
    const source = ts.createSourceFile(CONTRACT, original, ts.ScriptTarget.ES2023, true);
    // One field of each body renamed, in one program (each body is built in its own module). Any field the web
    // sends would do: the body is an object literal checked against the contract's input type, so a renamed field
    // is an unknown property there.
    const image = bodyFields(source, 'GenerateImageBody').find((f) => f.text === 'parcelle_id');
    const change = bodyFields(source, 'ChangeBody').find((f) => f.text === 'earlier');
    if (!image || !change) throw new Error('GenerateImageBody.parcelle_id or ChangeBody.earlier not found');
    const renamed = [image, change]
      .sort((a, b) => b.getStart(source) - a.getStart(source))
      .reduce(
        (text, field) => `${text.slice(0, field.getStart(source))}${field.text}Renamed${text.slice(field.getEnd())}`,
        original,
      );

    const problems = typeErrors(renamed);
    const unknownField = (file: string, field: string) =>
      `${file}: Object literal may only specify known properties, and '${field}' does not exist`;
    expect(problems).toContainEqual(
      expect.stringContaining(unknownField('apps/web/src/features/farm/farmApi.ts', 'parcelle_id')),
    );
    expect(problems).toContainEqual(
      expect.stringContaining(unknownField('apps/web/src/features/farm/compare/compareApi.ts', 'earlier')),
    );
    // Nothing else: the two modules type-check as they are (one check, not two: each costs seconds).
    expect(problems).toHaveLength(2);
  }, 120_000);
});
