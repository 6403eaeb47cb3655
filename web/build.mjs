// Bundles src/main.tsx with esbuild into dist/: content-hashed asset names (served with a
// long cache) and an index.html that names them (served with no cache), plus a .gz of each
// text file so the server can send it compressed. Type-checking is `tsc` (npm run build runs
// it first): esbuild only strips types.
import * as esbuild from 'esbuild';
import { mkdirSync, readFileSync, rmSync, writeFileSync, readdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { basename, join } from 'node:path';

// WEB_OUT lets several builds (one per developer helper) live side by side.
const out = process.env['WEB_OUT'] ?? 'dist';
rmSync(out, { recursive: true, force: true });
mkdirSync(join(out, 'assets'), { recursive: true });

const result = await esbuild.build({
  entryPoints: ['src/main.tsx'],
  bundle: true,
  minify: true,
  sourcemap: false,
  format: 'esm',
  target: ['es2020', 'chrome90', 'firefox90', 'safari15'],
  outdir: join(out, 'assets'),
  entryNames: '[name]-[hash]',
  assetNames: '[name]-[hash]',
  metafile: true,
  jsx: 'automatic',
  jsxImportSource: 'preact',
  loader: { '.svg': 'file' },
  logLevel: 'warning',
});

const files = Object.keys(result.metafile.outputs).map((p) => basename(p));
const js = files.find((f) => f.endsWith('.js'));
const css = files.find((f) => f.endsWith('.css'));
if (!js || !css) throw new Error('build: expected one .js and one .css output, got ' + files);

const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>Broadside</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="/assets/${css}">
<script type="module" src="/assets/${js}"></script>
</head>
<body>
<div id="app"><noscript>Broadside needs JavaScript in the browser; the terminal client is
<code>broadside join CODE --server URL</code>.</noscript></div>
</body>
</html>
`;
writeFileSync(join(out, 'index.html'), html);

let gzipped = 0;
for (const dir of [out, join(out, 'assets')]) {
  for (const f of readdirSync(dir, { withFileTypes: true })) {
    if (!f.isFile() || !/\.(js|css|html|svg)$/.test(f.name)) continue;
    const path = join(dir, f.name);
    const gz = gzipSync(readFileSync(path), { level: 9 });
    writeFileSync(path + '.gz', gz);
    gzipped += gz.length;
  }
}
console.log(`web: built ${js}, ${css}; ${(gzipped / 1024).toFixed(1)} KiB gzipped in all`);
// The budget of issue 19: what a phone downloads, compressed, stays under 100 KB.
const budget = 100 * 1000;
if (gzipped > budget) {
  console.error(`web: the gzipped bundle is ${gzipped} bytes, over the budget of ${budget}`);
  process.exit(1);
}
