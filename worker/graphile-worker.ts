// graphile-worker 0.18 is an ES module. Node 22 can require() it, but jest's CommonJS module
// system cannot (it also patches `require('node:module').createRequire`), so it is loaded with
// Node's own require, reached through process.getBuiltinModule; types come from the package.
import type * as GraphileWorker from 'graphile-worker';

const nodeModule = process.getBuiltinModule('node:module');
export const graphileWorker = nodeModule.createRequire(__filename)('graphile-worker') as typeof GraphileWorker;
