import path from 'node:path';

/**
 * The web app's feature boundary: a file of `src/web/features/<a>/` may import another feature
 * `<b>` only through `src/web/features/<b>/index.ts`, its public face. Everything else in `<b>`
 * is its own business; pieces several features need live in `src/web/components/` or
 * `src/web/lib/`.
 */
const noFeatureInternals = {
  meta: {
    type: 'problem',
    docs: {
      description: "A web feature imports another feature only through that feature's index.ts",
    },
    messages: {
      internals:
        "'{{source}}' reaches into the {{other}} feature: import it from its index.ts, or move the shared piece to src/web/components or src/web/lib.",
    },
    schema: [],
  },
  create(context) {
    const featuresDir = path.join(context.cwd, 'src', 'web', 'features');
    const featureOf = (file) => {
      const relative = path.relative(featuresDir, file);
      if (relative.startsWith('..') || path.isAbsolute(relative)) return null;
      const [feature, ...rest] = relative.split(path.sep);
      return { feature, inside: rest.join('/') };
    };
    const own = featureOf(context.filename);
    if (!own || !own.inside) return {};

    const check = (sourceNode) => {
      const source = sourceNode?.value;
      if (typeof source !== 'string') return;
      // `#web/…` is package.json's alias for src/web/.
      const file = source.startsWith('#web/')
        ? path.join(context.cwd, 'src', 'web', source.slice('#web/'.length))
        : source.startsWith('.')
          ? path.resolve(path.dirname(context.filename), source)
          : null;
      if (!file) return;
      const target = featureOf(file);
      if (!target || target.feature === own.feature) return;
      if (['', 'index', 'index.ts', 'index.tsx'].includes(target.inside)) return;
      context.report({
        node: sourceNode,
        messageId: 'internals',
        data: { source, other: target.feature },
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

export const layers = { rules: { 'no-feature-internals': noFeatureInternals } };
