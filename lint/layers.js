import path from 'node:path';

/**
 * One boundary rule for folders of slices (`<root>/<slice>/…`): a file may import another slice
 * only through that slice's `index.ts`, its public face. Inside its own slice a file imports
 * anything. `outsiders` says whether files outside `<root>` are held to the rule too.
 */
function sliceBoundary({ root, alias, outsiders, description, message }) {
  return {
    meta: {
      type: 'problem',
      docs: { description },
      messages: { internals: message },
      schema: [],
    },
    create(context) {
      const rootDir = path.join(context.cwd, ...root.split('/'));
      const sliceOf = (file) => {
        const relative = path.relative(rootDir, file);
        if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
        const [slice, ...rest] = relative.split(path.sep);
        return { slice, inside: rest.join('/') };
      };
      const own = sliceOf(context.filename);
      if (own ? !own.inside : !outsiders) return {};

      const check = (sourceNode) => {
        const source = sourceNode?.value;
        if (typeof source !== 'string') return;
        const file =
          alias && source.startsWith(alias.prefix)
            ? path.join(context.cwd, ...alias.dir.split('/'), source.slice(alias.prefix.length))
            : source.startsWith('.')
              ? path.resolve(path.dirname(context.filename), source)
              : null;
        if (!file) return;
        const target = sliceOf(file);
        if (!target || target.slice === own?.slice) return;
        if (['', 'index', 'index.ts', 'index.tsx'].includes(target.inside)) return;
        context.report({
          node: sourceNode,
          messageId: 'internals',
          data: { source, other: target.slice },
        });
      };
      return {
        ImportDeclaration: (node) => check(node.source),
        ImportExpression: (node) => check(node.source),
        ExportNamedDeclaration: (node) => check(node.source),
        ExportAllDeclaration: (node) => check(node.source),
      };
    },
  };
}

/**
 * The web app's feature boundary: a file of `src/web/features/<a>/` may import another feature
 * `<b>` only through `src/web/features/<b>/index.ts`. Pieces several features need live in
 * `src/web/components/` or `src/web/lib/`. (`#web/…` is package.json's alias for src/web/.)
 */
const noFeatureInternals = sliceBoundary({
  root: 'src/web/features',
  alias: { prefix: '#web/', dir: 'src/web' },
  outsiders: false,
  description: "A web feature imports another feature only through that feature's index.ts",
  message:
    "'{{source}}' reaches into the {{other}} feature: import it from its index.ts, or move the shared piece to src/web/components or src/web/lib.",
});

/**
 * The server's module boundary: a module owns its tables, so no other module — nor app.ts, jobs
 * or seed code — may import its repositories, services or routes directly; everything others may
 * use is exported by `src/server/modules/<name>/index.ts` (see docs/architecture.md).
 */
const noModuleInternals = sliceBoundary({
  root: 'src/server/modules',
  alias: null,
  outsiders: true,
  description: "Server code imports a module only through that module's index.ts",
  message:
    "'{{source}}' reaches into the {{other}} module: import it from its index.ts (add the export there if others need it).",
});

export const layers = {
  rules: {
    'no-feature-internals': noFeatureInternals,
    'no-module-internals': noModuleInternals,
  },
};
