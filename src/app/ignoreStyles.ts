/**
 * On the server, components' style imports (`import './x.css'`) are nothing: the build links the
 * CSS files in the page's head. Node would otherwise read them as JavaScript.
 */
import Module from 'node:module';

const extensions = (Module as unknown as { _extensions: Record<string, (module: { exports: unknown }) => void> })._extensions;
if (!extensions['.css']) extensions['.css'] = (module) => {
  module.exports = {};
};
