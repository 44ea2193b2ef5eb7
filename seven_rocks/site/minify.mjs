// Bundle and minify the page's JavaScript, minify its CSS (run by seven_rocks/site/minify.py).
//
//   node minify.mjs ESBUILD_MAIN SITE ENTRY[,ENTRY...] CSS[,CSS...] [SCRIPT[,SCRIPT...]]
//
// ENTRY: the page's module scripts (site-relative, as index.html names them). Each becomes
// one minified module holding everything it imports, the code they share split into
// chunks beside them, so the page makes a few requests instead of a deep chain of two dozen
// (each level of which costs a round trip on a phone network). CSS files are minified in
// place. SCRIPT: modules minified in place, alone (not bundled: e.g. Pyodide's Emscripten
// glue). No source maps are written. Prints the bundled modules (JSON, site-relative).
//
// A module's `import.meta.url` is its own address, which bundling changes: it is replaced by
// the address the source file had in the site (`new URL("js/util/i18n.js", document.baseURI)`),
// so `new URL("../../i18n/en.json", import.meta.url)` still finds the catalogues.
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [esbuildMain, site, entries, styles, scripts = ""] = process.argv.slice(2);
const esbuild = await import(pathToFileURL(esbuildMain).href);

const siteAddresses = {
  name: "site-addresses",
  setup(build) {
    build.onLoad({ filter: /\.m?js$/ }, async (args) => {
      const source = await readFile(args.path, "utf8");
      const relative = path.relative(site, args.path).split(path.sep).join("/");
      const here = `new URL(${JSON.stringify(relative)}, document.baseURI).href`;
      return { contents: source.replaceAll("import.meta.url", here), loader: "js" };
    });
  },
};

try {
  const points = entries.split(",").filter(Boolean);
  const result = points.length === 0 ? { metafile: { inputs: {} } } : await esbuild.build({
    absWorkingDir: site,
    entryPoints: points.map((entry) => path.join(site, entry)),
    outdir: site,
    outbase: site,
    allowOverwrite: true,
    bundle: true,
    splitting: true,
    format: "esm",
    minify: true,
    target: "es2022",
    chunkNames: "chunk-[hash]",
    legalComments: "none",
    logLevel: "error",
    metafile: true,
    plugins: [siteAddresses],
  });
  // The modules the bundles now hold (site-relative): the build removes their copies.
  process.stdout.write(JSON.stringify(Object.keys(result.metafile.inputs)));
  for (const style of styles.split(",").filter(Boolean)) {
    const file = path.join(site, style);
    const { code } = await esbuild.transform(await readFile(file, "utf8"), {
      loader: "css",
      minify: true,
      legalComments: "none",
    });
    await writeFile(file, code);
  }
  for (const script of scripts.split(",").filter(Boolean)) {
    const file = path.join(site, script);
    const { code } = await esbuild.transform(await readFile(file, "utf8"), {
      loader: "js",
      format: "esm",
      target: "es2022",
      minify: true,
      legalComments: "none",
    });
    await writeFile(file, code);
  }
} catch (error) {
  process.stderr.write(`${String(error?.message ?? error).split("\n")[0]}\n`);
  process.exit(1);
}
