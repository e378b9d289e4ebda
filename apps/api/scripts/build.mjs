#!/usr/bin/env node
// Compiles the api for production: src/server.ts and the workspace packages it imports (@playhouse/*, TypeScript
// sources) into one ES module, dist/server.js, with a source map. Every other package stays in node_modules and is
// imported from there as usual (PGlite's wasm, argon2's native binary and swagger-ui's files are found beside them).
// `--outfile <path>` writes elsewhere (tests); the output must stay inside the repository, where node_modules is.
// Takes about a third of a second, so `npm start` builds every time and never runs a stale build.
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({ options: { outfile: { type: 'string' } } });
const OUT_FILE = path.resolve(values.outfile ?? path.join(API_DIR, 'dist', 'server.js'));
const OUT_DIR = path.dirname(OUT_FILE);

/** Bare imports stay outside the bundle, except our own workspace packages, which ship as TypeScript. */
const externalPackages = {
  name: 'external-packages',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@playhouse/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * A source file finding a folder beside itself (`import.meta.url`: the migrations, the message files, the repository
 * root) keeps finding it from the bundle: its `import.meta.url` becomes its own file's address, computed from the
 * bundle's, so the build works wherever the checkout lives.
 */
const ownFileUrl = {
  name: 'own-file-url',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      if (!source.includes('import.meta.url')) return undefined;
      const relative = path.relative(OUT_DIR, args.path).split(path.sep).join('/');
      const own = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
      return { contents: source.replaceAll('import.meta.url', own), loader: 'ts' };
    });
  },
};

const { outputFiles } = await build({
  entryPoints: [path.join(API_DIR, 'src', 'server.ts')],
  outfile: OUT_FILE,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [externalPackages, ownFileUrl],
  write: false,
});

// Each file is written beside its place and renamed into it: a server starting while another start builds never
// reads half a file.
await mkdir(OUT_DIR, { recursive: true });
for (const file of outputFiles) {
  const temporary = `${file.path}.${process.pid}.tmp`;
  await writeFile(temporary, file.contents);
  await rename(temporary, file.path);
}
