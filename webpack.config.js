/**
 * Storefront build: ts-loader (transpile only; `npm run typecheck` checks types), CSS
 * extracted to files, each page type split into its own chunk so a page's first load
 * carries only what it shows. No inline script anywhere: the server's CSP allows only
 * same-origin scripts carrying its per-request nonce.
 */
const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CssMinimizerPlugin = require('css-minimizer-webpack-plugin');

/**
 * Writes assets-manifest.json: the JS and CSS files of every named chunk group (the entry and
 * each page type), so the server can link a page's own chunk in the HTML it draws.
 */
class AssetsManifestPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('AssetsManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'AssetsManifestPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_SUMMARIZE }, () => {
        const chunks = {};
        for (const [name, group] of compilation.namedChunkGroups) {
          const files = group.getFiles();
          chunks[name] = { js: files.filter((file) => file.endsWith('.js')), css: files.filter((file) => file.endsWith('.css')) };
        }
        compilation.emitAsset('assets-manifest.json', new webpack.sources.RawSource(JSON.stringify({ chunks }, null, 1)));
      });
    });
  }
}

/**
 * Build-time switches for the developer tools, replaced by constants so a production build drops
 * their code (and chunks): the Stately inspector (`?inspect`) in a development build or one built
 * with INSPECT=1; the session recorder (`?record`) in a development build only.
 */
function devToolDefinitions(production) {
  return {
    'process.env.SHOP_INSPECTOR': JSON.stringify(!production || process.env.INSPECT === '1' ? '1' : ''),
    'process.env.SHOP_RECORDER': JSON.stringify(production ? '' : '1'),
  };
}

const config = (env, argv) => {
  const production = argv.mode !== 'development';
  // `npm run dev` builds for development with hashed names: assets are served as immutable.
  const hashed = production || Boolean(env && env.hashNames);
  return {
    mode: production ? 'production' : 'development',
    // The back office (issue 36) is an entry of its own: only /admin/ pages link it, and the
    // storefront's template, chunks and styles never take any of it (test/server/adminBundle.test.ts).
    entry: { main: './src/app/main.tsx', admin: './src/admin/main.ts' },
    output: {
      path: path.resolve(__dirname, 'dist'),
      publicPath: '/',
      filename: hashed ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: hashed ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    // No eval-based source maps: the server's CSP allows no 'unsafe-eval'.
    devtool: production ? false : 'cheap-module-source-map',
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: {
      rules: [
        { test: /\.tsx?$/, use: { loader: 'ts-loader', options: { transpileOnly: true } }, exclude: /node_modules/ },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        { test: /\.(svg|png|jpg|woff2?)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({
        template: 'public/index.html',
        scriptLoading: 'defer',
        favicon: 'public/favicon.svg',
        chunks: ['main'],
      }),
      new AssetsManifestPlugin(),
      new MiniCssExtractPlugin({
        filename: hashed ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
        chunkFilename: hashed ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
      }),
      new webpack.DefinePlugin(devToolDefinitions(production)),
      // axios uses its XMLHttpRequest adapter in the browser: its fetch adapter stays out of the bundle.
      new webpack.NormalModuleReplacementPlugin(/axios[\\/]lib[\\/]adapters[\\/]fetch\.js$/, path.resolve(__dirname, 'src/api/build/axiosFetchAdapterStub.js')),
      // Nor its FormData converters: the storefront's bodies are JSON objects and URLSearchParams.
      new webpack.NormalModuleReplacementPlugin(/axios[\\/]lib[\\/]helpers[\\/](toFormData|formDataToJSON)\.js$/, path.resolve(__dirname, 'src/api/build/axiosFormDataStub.js')),
      // Nor what the client never asks of it: CancelToken, progress events, the XSRF cookie, the
      // option checks (developer warnings) and the status-code names (src/api/build/axios-*.js).
      ...['cookies', 'validator', 'progressEventReducer', 'HttpStatusCode'].map(
        (name) => new webpack.NormalModuleReplacementPlugin(new RegExp(`axios[\\\\/]lib[\\\\/]helpers[\\\\/]${name}\\.js$`), path.resolve(__dirname, `src/api/build/axios-${name}.js`)),
      ),
      new webpack.NormalModuleReplacementPlugin(/axios[\\/]lib[\\/]cancel[\\/]CancelToken\.js$/, path.resolve(__dirname, 'src/api/build/axios-CancelToken.js')),
    ],
    optimization: {
      minimizer: ['...', new CssMinimizerPlugin()],
      splitChunks: {
        chunks: 'async',
        // One stylesheet for the whole shop (some 12 KB gzip), linked in every page's head: one
        // request before the first paint, kept by the browser from page to page, and nothing
        // drawn by the server waits for a later chunk's styles.
        cacheGroups: { styles: { name: 'styles', type: 'css/mini-extract', chunks: (chunk) => chunk.name !== 'admin', enforce: true } },
      },
    },
    performance: { hints: false },
  };
};

module.exports = config;
module.exports.devToolDefinitions = devToolDefinitions;
