/**
 * Tailwind class merging for `cn`: when two classes set the same property under the same
 * variants, the later one wins (`p-4` then `p-2` keeps `p-2`; `p-4` then `px-2` keeps both). It
 * follows tailwind-merge for the utilities this app uses — `merge-classes.test.ts` compares the
 * two on every class written in `src/web` — in a fraction of its size; a class it does not know
 * is always kept, as tailwind-merge keeps one it does not know.
 */

type Rule = [pattern: RegExp, group: string | ((match: RegExpExecArray) => string)];

const sides = '(?:x|y|s|e|t|r|b|l)';
const sizeWords = '(?:xs|sm|base|lg|xl|[2-9]xl)';
const weights = '(?:thin|extralight|light|normal|medium|semibold|bold|extrabold|black)';
const lineStyles = '(?:solid|dashed|dotted|double|hidden|none)';
const arbitrary = '\\[[^\\]]+\\]';
const number = '\\d+(?:\\.\\d+)?';
const roundedSizes = `(?:none|xs|sm|md|lg|xl|2xl|3xl|4xl|full|${arbitrary})`;
/** An arbitrary value that is a length: `[11px]`, `[1.5rem]`, `[calc(…)]`. */
const arbitraryLength =
  '\\[(?:length:)?(?:-?\\d*\\.?\\d+(?:px|rem|em|%|vh|vw|dvh|svh|lvh|ch|ex|pt)|(?:calc|clamp|min|max)\\(.+\\))\\]';
const shadowSizes = `(?:2xs|xs|sm|md|lg|xl|2xl|inner|none|${arbitrary})`;

/** Utilities written `prefix-value`, where the prefix alone names the group; longest first. */
const prefixed =
  'touch rotate inset inset-x inset-y top right bottom left start end z order basis opacity leading tracking cursor accent fill animate duration ease delay aspect columns line-clamp underline-offset outline-offset ring-offset list whitespace select pointer-events appearance object align content self items place-items place-content place-self justify-items justify-self auto-cols auto-rows grid-flow grid-cols grid-rows col-start col-end row-start row-end overflow overflow-x overflow-y translate-x translate-y space-x space-y min-w min-h max-w max-h size w h p px py ps pe pt pr pb pl m mx my ms me mt mr mb ml gap gap-x gap-y'
    .split(' ')
    .sort((a, b) => b.length - a.length)
    .join('|');

const rules: Rule[] = [
  [
    /^(?:block|inline-block|inline|flex|inline-flex|grid|inline-grid|contents|table|hidden|flow-root|list-item)$/,
    'display',
  ],
  [/^(?:not-)?sr-only$/, 'sr'],
  [/^(?:static|fixed|absolute|relative|sticky)$/, 'position'],
  [/^(?:visible|invisible|collapse)$/, 'visibility'],
  [/^(?:capitalize|uppercase|lowercase|normal-case)$/, 'text-transform'],
  [/^(?:underline|overline|line-through|no-underline)$/, 'text-decoration'],
  [/^(?:truncate|text-ellipsis|text-clip)$/, 'text-overflow'],
  [/^(?:tabular-nums|proportional-nums)$/, 'fvn-spacing'],
  [/^(?:grow|shrink)(?:-.+)?$/, (m) => m[0].split('-')[0]!],
  [new RegExp(`^(${prefixed})-(.+)$`), (m) => groupFor(m[1]!, m[2]!)],
  [new RegExp(`^col-(?:span-.+|auto|${arbitrary})$`), 'col-start-end'],
  [new RegExp(`^row-(?:span-.+|auto|${arbitrary})$`), 'row-start-end'],
  [/^flex-(?:row|row-reverse|col|col-reverse)$/, 'flex-direction'],
  [/^flex-(?:wrap|wrap-reverse|nowrap)$/, 'flex-wrap'],
  [/^flex-.+$/, 'flex'],
  [
    new RegExp(
      `^justify-(?:start|end|center|between|around|evenly|stretch|baseline|normal|end-safe|center-safe)$`,
    ),
    'justify-content',
  ],
  [new RegExp(`^break-(?:normal|words|all|keep)$`), 'break'],
  [new RegExp(`^rounded(?:-${roundedSizes})?$`), 'rounded'],
  [
    new RegExp(`^rounded-(s|e|t|r|b|l|ss|se|ee|es|tl|tr|br|bl)(?:-${roundedSizes})?$`),
    (m) => `rounded-${m[1]}`,
  ],
  [
    new RegExp(`^border(?:-(${sides}))?(?:-(?:${number}|${arbitrary}))?$`),
    (m) => (m[1] ? `border-w-${m[1]}` : 'border-w'),
  ],
  [new RegExp(`^border-${lineStyles}$`), 'border-style'],
  [/^border-(?:collapse|separate)$/, 'border-collapse'],
  [new RegExp(`^border-(${sides})-.+$`), (m) => `border-color-${m[1]}`],
  [/^border-.+$/, 'border-color'],
  [
    new RegExp(`^divide-(x|y)(?:-(?:${number}|reverse))?$`),
    (m) => `divide-${m[1]}${m[0].endsWith('reverse') ? '-reverse' : ''}`,
  ],
  [new RegExp(`^divide-${lineStyles}$`), 'divide-style'],
  [/^divide-.+$/, 'divide-color'],
  [new RegExp(`^outline(?:-(?:${number}|${arbitrary}))?$`), 'outline-w'],
  [new RegExp(`^outline-${lineStyles}$`), 'outline-style'],
  [/^outline-.+$/, 'outline-color'],
  [new RegExp(`^ring(?:-(?:${number}|${arbitrary}))?$`), 'ring-w'],
  [/^ring-inset$/, 'ring-w-inset'],
  [/^ring-.+$/, 'ring-color'],
  [new RegExp(`^shadow(?:-${shadowSizes})?$`), 'shadow'],
  [/^shadow-.+$/, 'shadow-color'],
  [/^bg-(?:none|linear-.+|radial.*|conic.*|gradient-.+)$/, 'bg-image'],
  [/^bg-.+$/, 'bg-color'],
  [new RegExp(`^text-(?:${sizeWords}|${arbitraryLength})$`), 'font-size'],
  [/^text-(?:left|center|right|justify|start|end)$/, 'text-align'],
  [/^text-(?:wrap|nowrap|balance|pretty)$/, 'text-wrap'],
  [/^text-.+$/, 'text-color'],
  [new RegExp(`^font-(?:${weights}|\\d+)$`), 'font-weight'],
  [/^font-.+$/, 'font-family'],
  [/^transition(?:-.+)?$/, 'transition'],
  [/^filter$/, 'filter'],
  [/^resize(?:-(?:x|y|none))?$/, 'resize'],
  [/^table-(?:auto|fixed)$/, 'table-layout'],
  [/^wrap-(?:anywhere|break-word|normal)$/, 'wrap'],
  [/^(from|via|to)-.+$/, (m) => `gradient-${m[1]}`],
];

function groupFor(prefix: string, value: string): string {
  if (prefix === 'overflow' && /^[xy]-/.test(value)) return `overflow-${value[0]}`;
  if (prefix === 'content' && value !== 'none' && !value.startsWith('[')) return 'align-content';
  if (prefix === 'list' && /^(?:inside|outside)$/.test(value)) return 'list-position';
  if (prefix === 'list') return 'list-style-type';
  if (prefix === 'grid-cols') return 'grid-cols';
  if (prefix === 'ring-offset' && !/^(?:\d+|\[.+\])$/.test(value)) return 'ring-offset-color';
  return prefix;
}

const conflicts: Record<string, string[]> = {
  overflow: ['overflow-x', 'overflow-y'],
  inset: ['inset-x', 'inset-y', 'start', 'end', 'top', 'right', 'bottom', 'left'],
  'inset-x': ['start', 'end', 'right', 'left'],
  'inset-y': ['top', 'bottom'],
  flex: ['basis', 'grow', 'shrink'],
  gap: ['gap-x', 'gap-y'],
  p: ['px', 'py', 'ps', 'pe', 'pt', 'pr', 'pb', 'pl'],
  px: ['ps', 'pe', 'pr', 'pl'],
  py: ['pt', 'pb'],
  m: ['mx', 'my', 'ms', 'me', 'mt', 'mr', 'mb', 'ml'],
  mx: ['ms', 'me', 'mr', 'ml'],
  my: ['mt', 'mb'],
  size: ['w', 'h'],
  'font-size': ['leading'],
  'line-clamp': ['display', 'overflow'],
  rounded: [
    'rounded-s',
    'rounded-e',
    'rounded-t',
    'rounded-r',
    'rounded-b',
    'rounded-l',
    'rounded-ss',
    'rounded-se',
    'rounded-ee',
    'rounded-es',
    'rounded-tl',
    'rounded-tr',
    'rounded-br',
    'rounded-bl',
  ],
  'rounded-s': ['rounded-ss', 'rounded-es'],
  'rounded-e': ['rounded-se', 'rounded-ee'],
  'rounded-t': ['rounded-tl', 'rounded-tr'],
  'rounded-r': ['rounded-tr', 'rounded-br'],
  'rounded-b': ['rounded-br', 'rounded-bl'],
  'rounded-l': ['rounded-tl', 'rounded-bl'],
  'border-w': [
    'border-w-x',
    'border-w-y',
    'border-w-s',
    'border-w-e',
    'border-w-t',
    'border-w-r',
    'border-w-b',
    'border-w-l',
  ],
  'border-w-x': ['border-w-s', 'border-w-e', 'border-w-r', 'border-w-l'],
  'border-w-y': ['border-w-t', 'border-w-b'],
  'border-color': [
    'border-color-x',
    'border-color-y',
    'border-color-s',
    'border-color-e',
    'border-color-t',
    'border-color-r',
    'border-color-b',
    'border-color-l',
  ],
  'border-color-x': ['border-color-s', 'border-color-e', 'border-color-r', 'border-color-l'],
  'border-color-y': ['border-color-t', 'border-color-b'],
};

/** Variants whose order changes the selector; the others are compared in sorted order. */
const orderSensitive = new Set([
  '*',
  '**',
  'after',
  'backdrop',
  'before',
  'details-content',
  'file',
  'first-letter',
  'first-line',
  'marker',
  'placeholder',
  'selection',
]);

function splitVariants(className: string): { variants: string[]; base: string } {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < className.length; i++) {
    const char = className[i];
    if (char === '[' || char === '(') depth++;
    else if (char === ']' || char === ')') depth--;
    else if (char === ':' && depth === 0) {
      parts.push(className.slice(start, i));
      start = i + 1;
    }
  }
  return { variants: parts, base: className.slice(start) };
}

function variantKey(variants: string[]): string {
  const sorted: string[] = [];
  let run: string[] = [];
  for (const variant of variants) {
    if (variant.startsWith('[') || orderSensitive.has(variant)) {
      sorted.push(...run.sort(), variant);
      run = [];
    } else run.push(variant);
  }
  sorted.push(...run.sort());
  return sorted.join(':');
}

const groups = new Map<string, string | undefined>();

function classGroup(base: string): string | undefined {
  if (groups.has(base)) return groups.get(base);
  let found: string | undefined;
  for (const [pattern, group] of rules) {
    const match = pattern.exec(base);
    if (match) {
      found = typeof group === 'string' ? group : group(match);
      break;
    }
  }
  groups.set(base, found);
  return found;
}

const cache = new Map<string, string>();

export function mergeClasses(classList: string): string {
  const cached = cache.get(classList);
  if (cached !== undefined) return cached;
  const taken = new Set<string>();
  const kept: string[] = [];
  const classes = classList.trim().split(/\s+/);
  for (let i = classes.length - 1; i >= 0; i--) {
    const className = classes[i]!;
    if (!className) continue;
    const { variants, base: rawBase } = splitVariants(className);
    let base = rawBase;
    let important = '';
    if (base.startsWith('!')) [important, base] = ['!', base.slice(1)];
    else if (base.endsWith('!')) [important, base] = ['!', base.slice(0, -1)];
    const group = classGroup(base.startsWith('-') ? base.slice(1) : base);
    if (group === undefined) {
      kept.push(className);
      continue;
    }
    const prefix = `${variantKey(variants)}${important}:`;
    if (taken.has(prefix + group)) continue;
    taken.add(prefix + group);
    for (const other of conflicts[group] ?? []) taken.add(prefix + other);
    kept.push(className);
  }
  const merged = kept.reverse().join(' ');
  if (cache.size > 500) cache.clear();
  cache.set(classList, merged);
  return merged;
}
