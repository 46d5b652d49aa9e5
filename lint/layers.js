import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The file a relative or `#web/` (package.json's alias for src/web/) specifier names, or null. */
function resolveWebImport(context, source) {
  if (typeof source !== 'string') return null;
  if (source.startsWith('#web/')) return path.join(context.cwd, 'src', 'web', source.slice(5));
  if (source.startsWith('.')) return path.resolve(path.dirname(context.filename), source);
  return null;
}

/** Whether `file` lies inside `dir` (not the folder itself). */
const isInside = (dir, file) => {
  const relative = path.relative(dir, file);
  return relative !== '' && !relative.startsWith('..') && !path.isAbsolute(relative);
};

/** The slice (`<root>/<slice>/…`) `file` lies in, and its path inside that slice; or null. */
const sliceOf = (root, file) => {
  if (!file || !isInside(root, file)) return null;
  const [slice, ...rest] = path.relative(root, file).split(path.sep);
  return { slice, inside: rest.join('/') };
};

/** Whether a path inside a slice names the slice's public face, its index. */
const isPublicFace = (inside) => ['', 'index', 'index.ts', 'index.tsx'].includes(inside);

/** A rule's meta: it reports a problem, takes no options, and says `messages`. */
const problem = (description, messages) => ({
  type: 'problem',
  docs: { description },
  messages,
  schema: [],
});

/** The node of each import, re-export and `import()` of a file, handed to `check`. */
const everyImport = (check) => ({
  ImportDeclaration: (node) => check(node.source, node),
  ImportExpression: (node) => check(node.source, node),
  ExportNamedDeclaration: (node) => check(node.source, node),
  ExportAllDeclaration: (node) => check(node.source, node),
});

/**
 * The web app's feature boundary: a file of `src/web/features/<a>/` may import another feature
 * `<b>` only through `src/web/features/<b>/index.ts`, its public face. Everything else in `<b>`
 * is its own business; pieces several features need live in `src/web/components/` or
 * `src/web/lib/`. The internal pages' wing (`src/web/qa/`) keeps the same rule towards features.
 */
const noFeatureInternals = {
  meta: problem("A web feature imports another feature only through that feature's index.ts", {
    internals:
      "'{{source}}' reaches into the {{other}} feature: import it from its index.ts, or move the shared piece to src/web/components or src/web/lib.",
  }),
  create(context) {
    const featuresDir = path.join(context.cwd, 'src', 'web', 'features');
    const inWing = isInside(path.join(context.cwd, 'src', 'web', 'qa'), context.filename);
    const own = inWing ? { slice: null, inside: 'qa' } : sliceOf(featuresDir, context.filename);
    if (!own || !own.inside) return {};

    const check = (sourceNode) => {
      const source = sourceNode?.value;
      const target = sliceOf(featuresDir, resolveWebImport(context, source));
      if (!target || target.slice === own.slice || isPublicFace(target.inside)) return;
      context.report({
        node: sourceNode,
        messageId: 'internals',
        data: { source, other: target.slice },
      });
    };
    return everyImport(check);
  },
};

/**
 * The internal test pages are a wing of their own (`src/web/qa/`, docs/architecture.md): product
 * code never imports from it. The one door is the route table (`src/web/app/router.tsx`), and
 * only through `import()`, so the wing's code loads on its own routes and nowhere else.
 */
const noWingImports = {
  meta: problem('Product code never imports the internal pages (src/web/qa/)', {
    wing: "'{{source}}' is in the internal pages' wing (src/web/qa/): product code never imports it; only the route table loads its pages, with import().",
  }),
  create(context) {
    const web = path.join(context.cwd, 'src', 'web');
    const wing = path.join(web, 'qa');
    if (!isInside(web, context.filename) || isInside(wing, context.filename)) return {};
    const routeTable = path.join(web, 'app', 'router.tsx');
    return everyImport((sourceNode, node) => {
      const file = resolveWebImport(context, sourceNode?.value);
      if (!file || (file !== wing && !isInside(wing, file))) return;
      if (context.filename === routeTable && node.type === 'ImportExpression') return;
      context.report({ node: sourceNode, messageId: 'wing', data: { source: sourceNode.value } });
    });
  },
};

/** Every specifier a file's text imports or re-exports, statically or with `import()`. */
const specifiersIn = (code) =>
  [...code.matchAll(/\b(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((match) => match[1]);

/** Which features each feature's files (tests aside) import, read from disk once per run. */
const featureGraphs = new Map();
function featureGraph(cwd) {
  const featuresDir = path.join(cwd, 'src', 'web', 'features');
  let graph = featureGraphs.get(featuresDir);
  if (graph) return graph;
  graph = new Map();
  for (const file of readdirSync(featuresDir, { recursive: true })) {
    if (!/\.tsx?$/.test(file) || /\.test\.tsx?$/.test(file)) continue;
    const filename = path.join(featuresDir, file);
    const [feature] = file.split(path.sep);
    for (const source of specifiersIn(readFileSync(filename, 'utf8'))) {
      const other = featureOf(featuresDir, resolveWebImport({ cwd, filename }, source));
      if (!other || other === feature) continue;
      if (!graph.has(feature)) graph.set(feature, new Set());
      graph.get(feature).add(other);
    }
  }
  featureGraphs.set(featuresDir, graph);
  return graph;
}

/** The feature folder `file` belongs to, or null. */
const featureOf = (featuresDir, file) => sliceOf(featuresDir, file)?.slice ?? null;

/** A path of features from `from` to `to` in `graph`, or null. */
function featurePath(graph, from, to, seen = new Set()) {
  if (from === to) return [to];
  seen.add(from);
  for (const next of graph.get(from) ?? []) {
    if (seen.has(next)) continue;
    const rest = featurePath(graph, next, to, seen);
    if (rest) return [from, ...rest];
  }
  return null;
}

/**
 * Features depend on each other one way: if `<a>` imports `<b>`, nothing in `<b>` leads back to
 * `<a>`. A piece both need moves to `src/web/components/` or `src/web/lib/`; pages meet in the
 * app shell (`src/web/app/`), which may import any feature.
 */
const noFeatureCycles = {
  meta: problem('Web features import each other one way, without a cycle', {
    cycle:
      "'{{source}}' closes a cycle between features ({{cycle}}): move the shared piece to src/web/components or src/web/lib, or compose the two in src/web/app.",
  }),
  create(context) {
    const featuresDir = path.join(context.cwd, 'src', 'web', 'features');
    const own = featureOf(featuresDir, context.filename);
    if (!own) return {};
    const graph = featureGraph(context.cwd);
    return everyImport((sourceNode) => {
      const other = featureOf(featuresDir, resolveWebImport(context, sourceNode?.value));
      if (!other || other === own) return;
      const back = featurePath(graph, other, own);
      if (!back) return;
      context.report({
        node: sourceNode,
        messageId: 'cycle',
        data: { source: sourceNode.value, cycle: [own, ...back].join(' → ') },
      });
    });
  },
};

/**
 * Inside the wing each page keeps to its folder (`src/web/qa/<page>/`): it imports its own files
 * and `qa/shared/`, never another page's; `qa/shared/` imports no page. The Complete Test Suite
 * (`qa/complete-test-suite/`) is the exception: it runs the pages' own checks.
 */
const SUITE = 'complete-test-suite';
const wingPagesApart = {
  meta: problem('A page of the wing imports only its own folder and qa/shared/', {
    page: "'{{source}}' is the {{other}} page's: a page of the wing imports its own files and qa/shared/ (move what both need there).",
  }),
  create(context) {
    const wing = path.join(context.cwd, 'src', 'web', 'qa');
    if (!isInside(wing, context.filename)) return {};
    const own = path.relative(wing, context.filename).split(path.sep)[0];
    if (own === SUITE) return {};
    return everyImport((sourceNode) => {
      const file = resolveWebImport(context, sourceNode?.value);
      if (!file || !isInside(wing, file)) return;
      const other = path.relative(wing, file).split(path.sep)[0];
      if (other === own || other === 'shared') return;
      context.report({
        node: sourceNode,
        messageId: 'page',
        data: { source: sourceNode.value, other },
      });
    });
  },
};

/**
 * The server's module boundary: a module owns its tables, so no other module — nor app.ts, jobs
 * or seed code — may import its repositories, services or routes directly; everything others may
 * use is exported by `src/server/modules/<name>/index.ts` (see docs/architecture.md).
 */
const noModuleInternals = {
  meta: problem("Server code imports a module only through that module's index.ts", {
    internals:
      "'{{source}}' reaches into the {{other}} module: import it from its index.ts (add the export there if others need it).",
  }),
  create(context) {
    const modulesDir = path.join(context.cwd, 'src', 'server', 'modules');
    const own = sliceOf(modulesDir, context.filename);
    return everyImport((sourceNode) => {
      const source = sourceNode?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = sliceOf(modulesDir, path.resolve(path.dirname(context.filename), source));
      if (!target || target.slice === own?.slice || isPublicFace(target.inside)) return;
      context.report({
        node: sourceNode,
        messageId: 'internals',
        data: { source, other: target.slice },
      });
    });
  },
};

/**
 * Whether a string (or a template's piece) is an API address: it starts with `/api` (or a host
 * and `/api`) followed by `/`, `?` or its end. A text that names a route for people
 * ("GET /api/health") is not one.
 */
const namesApi = (text) =>
  typeof text === 'string' && /^(https?:\/\/[^/]+)?\/api(\/|\?|$)/.test(text);

/**
 * The web app calls the API only through its typed client (`src/web/api/`): a route's path,
 * parameters and answer come from the contract generated from the server's schemas, so an
 * address written by hand anywhere else (a string or a template) is refused. Tests may name the
 * wire's addresses to answer a stubbed fetch.
 */
const apiThroughClient = {
  meta: problem('The web app names API addresses only inside its typed client (src/web/api/)', {
    address:
      "'{{text}}' is an API address written by hand: call the API through src/web/api/client.ts, whose paths are typed from the server's routes.",
  }),
  create(context) {
    const web = path.join(context.cwd, 'src', 'web');
    const client = path.join(web, 'api');
    if (!isInside(web, context.filename) || isInside(client, context.filename)) return {};
    if (/\.test\.tsx?$/.test(context.filename)) return {};
    const report = (node, text) =>
      context.report({ node, messageId: 'address', data: { text: text.slice(0, 60) } });
    return {
      Literal: (node) => {
        if (namesApi(node.value)) report(node, node.value);
      },
      TemplateElement: (node) => {
        if (namesApi(node.value.cooked ?? node.value.raw)) report(node, node.value.raw);
      },
    };
  },
};

export const layers = {
  rules: {
    'api-through-client': apiThroughClient,
    'wing-pages-apart': wingPagesApart,
    'no-feature-internals': noFeatureInternals,
    'no-wing-imports': noWingImports,
    'no-feature-cycles': noFeatureCycles,
    'no-module-internals': noModuleInternals,
  },
};
