import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { spanishMessages, translate, untranslatedMessages } from './messages.es.ts';

const root = join(import.meta.dirname, '..', '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.d\.ts$/.test(entry.name) ? [path] : [];
  });
}

/** The zod calls whose last argument is a message. */
const zodMessageMethods = new Set([
  'min',
  'max',
  'length',
  'regex',
  'refine',
  'email',
  'url',
  'int',
  'positive',
  'nonnegative',
  'gte',
  'lte',
  'gt',
  'lt',
  'uuid',
  'startsWith',
  'endsWith',
  'pipe',
  'datetime',
  'iso',
]);
/** Calls whose argument is a field label that goes into a message. */
const labelArguments: Record<string, number> = { namedField: 0, optionalText: 1 };

interface Found {
  /** The message with each `${…}` part as `{n}`. */
  text: string;
  where: string;
}

/** A string or template literal as a sample message ('X' for each part), else null. */
function literalText(node: ts.Node): string | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return node.head.text + node.templateSpans.map((span) => `{x}${span.literal.text}`).join('');
  return null;
}

const sentence = (text: string) => /^[A-Z]/.test(text);

function collect() {
  const messages: Found[] = [];
  const labels: Found[] = [];
  const constants = new Map<string, ts.Node>();
  const pending: { node: ts.Node; where: string }[] = [];
  const parsed = [join(root, 'src', 'server'), join(root, 'src', 'core')]
    .flatMap(sourceFiles)
    .map((file) => ({
      file,
      core: file.includes(`${join('src', 'core')}`),
      source: ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true),
    }));

  // Messages can be kept in constants (or arrow functions returning a template) and thrown by name.
  for (const { source } of parsed) {
    const visit = (node: ts.Node) => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
        let value: ts.Node = node.initializer;
        if (ts.isArrowFunction(value) && !ts.isBlock(value.body)) value = value.body;
        constants.set(node.name.text, value);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }

  const add = (node: ts.Node | undefined, where: string, depth = 0) => {
    if (!node || depth > 3) return;
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node))
      return add(node.expression, where, depth);
    if (ts.isConditionalExpression(node)) {
      add(node.whenTrue, where, depth);
      add(node.whenFalse, where, depth);
      return;
    }
    const text = literalText(node);
    if (text !== null) {
      if (sentence(text)) messages.push({ text, where });
      return;
    }
    if (ts.isIdentifier(node)) return add(constants.get(node.text), where, depth + 1);
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression))
      return add(constants.get(node.expression.text), where, depth + 1);
    pending.push({ node, where });
  };

  for (const { file, core, source } of parsed) {
    const visit = (node: ts.Node) => {
      const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
      const where = `${relative(root, file)}:${line}`;
      if (
        ts.isNewExpression(node) &&
        ts.isIdentifier(node.expression) &&
        node.expression.text === 'AppError'
      )
        add(node.arguments?.[1], where);
      if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name)) {
        const name = node.name.text;
        // The answers the http layer writes itself: `{ error: '…' }`.
        if (name === 'error') add(node.initializer, where);
        if (core && name === 'message') add(node.initializer, where);
      }
      if (core && ts.isCallExpression(node)) {
        const callee = node.expression;
        if (
          ts.isPropertyAccessExpression(callee) &&
          zodMessageMethods.has(callee.name.text) &&
          node.arguments.length > 0
        ) {
          const last = node.arguments[node.arguments.length - 1]!;
          if (ts.isObjectLiteralExpression(last)) {
            for (const property of last.properties)
              if (
                ts.isPropertyAssignment(property) &&
                ts.isIdentifier(property.name) &&
                ['message', 'error'].includes(property.name.text)
              )
                add(property.initializer, where);
          } else if (literalText(last) !== null) add(last, where);
        }
        if (ts.isIdentifier(callee) && callee.text in labelArguments) {
          const label = node.arguments[labelArguments[callee.text]!];
          const text = label && literalText(label);
          if (text) labels.push({ text, where });
        }
      }
      // The shared field messages (core/validation.ts).
      if (
        core &&
        ts.isVariableDeclaration(node) &&
        ts.isIdentifier(node.name) &&
        node.name.text === 'messages' &&
        node.initializer
      ) {
        let value: ts.Node = node.initializer;
        if (ts.isAsExpression(value)) value = value.expression;
        if (ts.isObjectLiteralExpression(value))
          for (const property of value.properties)
            if (ts.isPropertyAssignment(property)) add(property.initializer, where);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { messages, labels };
}

const { messages, labels } = collect();

/** A sample of a message as the server would write it ('{x}' parts filled in). */
const sample = (text: string) => text.replaceAll('{x}', '7');

describe('the Spanish of the server’s messages', () => {
  it('finds the messages', () => {
    expect(messages.length).toBeGreaterThan(200);
  });

  it('has a Spanish entry for every error and field message of src/server and src/core', () => {
    const missing = messages
      .filter(({ text }) => !untranslatedMessages.has(text))
      .filter(({ text }) => translate(sample(text)) === sample(text))
      .map(({ text, where }) => `${where}  ${text}`);
    expect([...new Set(missing)]).toEqual([]);
  });

  it('has a Spanish name for every field label that goes into a message', () => {
    const missing = labels
      .filter(({ text }) => translate(`${text} must be at most 7 characters`).startsWith(text))
      .map(({ text, where }) => `${where}  ${text}`);
    expect([...new Set(missing)]).toEqual([]);
  });

  it('leaves alone the messages the web app compares by their English text', () => {
    for (const text of untranslatedMessages) expect(translate(text)).toBe(text);
  });

  it('keeps every placeholder of a pattern in its translation', () => {
    for (const [english, spanish] of Object.entries(spanishMessages)) {
      const names = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
      expect(names(spanish), english).toEqual(names(english));
    }
  });

  it('translates a pattern with its parts', () => {
    expect(translate('Required')).toBe('Obligatorio');
  });
});
