// The outbox alone, for `npm run bench:jobs`: an actionlet that builds a message the size of a
// Notify Assignee mail from the item and, when `enqueue` is "true", writes it as a job in the fire's
// transaction. Fired with and without `enqueue`, its two rows differ only by the job written.
// Loaded as a third-party plugin (`plugins=./bench/outbox-probe-plugin.mjs`).
const KIND = 'bench-outbox-probe';

export default {
  name: 'bench-outbox-probe',
  apiVersion: 1,
  description: 'Writes one job per fire, or builds it only (benchmarks only)',
  setup: () => ({
    actionlets: [
      {
        actionClass: 'bench.OutboxProbeActionlet',
        name: 'Outbox probe',
        howTo: 'Builds a message from the item; writes it as a job when enqueue is "true".',
        parameters: [{ key: 'enqueue', name: 'Write the job', required: false, defaultValue: 'false' }],
        run: async (context) => {
          const values = context.item.values;
          const message = {
            to: ['assignee@example.com'],
            subject: `Task assigned: ${values.title}`,
            body: `${values.title} by ${values.author} is waiting for you: ${values.body}`,
          };
          if (context.params.enqueue === 'true') await context.enqueue(KIND, message);
        },
      },
    ],
    // Never run while the bench fires (the dispatcher is off), but a job kind needs its handler.
    jobHandlers: [{ kind: KIND, run: async () => {} }],
  }),
};
