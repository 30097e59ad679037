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

module.exports = (_env, argv) => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    entry: { main: './src/app/main.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist'),
      publicPath: '/',
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      clean: true,
    },
    devtool: production ? false : 'eval-cheap-module-source-map',
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: {
      rules: [
        { test: /\.tsx?$/, use: { loader: 'ts-loader', options: { transpileOnly: true } }, exclude: /node_modules/ },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        { test: /\.(svg|png|jpg|woff2?)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: 'public/index.html', scriptLoading: 'defer', favicon: 'public/favicon.svg' }),
      new MiniCssExtractPlugin({
        filename: production ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
        chunkFilename: production ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
      }),
      new webpack.DefinePlugin({ 'process.env.INSPECT': JSON.stringify(process.env.INSPECT || '') }),
      // axios uses its XMLHttpRequest adapter in the browser: its fetch adapter stays out of the bundle.
      new webpack.NormalModuleReplacementPlugin(/axios[\\/]lib[\\/]adapters[\\/]fetch\.js$/, path.resolve(__dirname, 'src/api/build/axiosFetchAdapterStub.js')),
      // Nor its FormData converters: the storefront's bodies are JSON objects and URLSearchParams.
      new webpack.NormalModuleReplacementPlugin(/axios[\\/]lib[\\/]helpers[\\/](toFormData|formDataToJSON)\.js$/, path.resolve(__dirname, 'src/api/build/axiosFormDataStub.js')),
    ],
    optimization: {
      minimizer: ['...', new CssMinimizerPlugin()],
      splitChunks: { chunks: 'async' },
    },
    performance: { hints: false },
  };
};
