export * from './catalogue/index.js';
export * from './cms-error.js';
export * from './error-entry.js';
