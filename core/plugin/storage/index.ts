/**
 * The storage contract: what a storage driver implements, split by area. Core imports it from here;
 * plugins, built-in or not, get the driver's part of it from the plugin kit (`cms/plugin`).
 */
export type * from './access.js';
export type * from './analytics.js';
export type * from './content.js';
export type * from './core-view.js';
export type * from './definitions.js';
export * from './driver.js';
export * from './failures.js';
export type * from './jobs.js';
export type * from './publishing.js';
export type * from './repositories.js';
export type * from './site-tree.js';
export type * from './system.js';
export type * from './workflow.js';
