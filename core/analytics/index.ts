export * from './event-shapes.js';
export * from './ingest-outcome.js';
export * from './ingest-problem.js';
export * from './normalise-event.js';
export * from './normalised-event.js';
export * from './parse-ingest-batch.js';
