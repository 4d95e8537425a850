import { and, asc, eq } from 'drizzle-orm';
import type { PushEndpoint, PushEnvironment, PushPublishingRepository, PushRecord } from '../../../core/plugin/kit.js';
import type { Executor, Tables } from './context.js';

export function pushPublishingRepository(exec: Executor, t: Tables): PushPublishingRepository {
  const { pushEnvironments: environments, pushEndpoints: endpoints, pushRecords: records } = t;
  const toEndpoint = (row: typeof endpoints.$inferSelect): PushEndpoint => ({
    ...row,
    protocol: row.protocol === 'https' ? 'https' : 'http',
  });
  const toRecord = (row: typeof records.$inferSelect): PushRecord => ({
    ...row,
    status: row.status as PushRecord['status'],
  });
  const oneEnvironment = (where: ReturnType<typeof eq>) =>
    exec.read(
      async (db) => (await db.select().from(environments).where(where).limit(1))[0] as PushEnvironment | undefined,
    );
  return {
    listEnvironments: () => exec.read((db) => db.select().from(environments).orderBy(asc(environments.name))),
    findEnvironment: (id) => oneEnvironment(eq(environments.id, id)),
    findEnvironmentByName: (name) => oneEnvironment(eq(environments.name, name)),
    insertEnvironment: (environment) =>
      exec.write(async (db) => {
        await db.insert(environments).values(environment);
      }),
    updateEnvironment: ({ id, name, pushToAll }) =>
      exec.write(async (db) => {
        await db.update(environments).set({ name, pushToAll }).where(eq(environments.id, id));
      }),
    removeEnvironment: (id) =>
      exec.write(async (db) => {
        const ids = (await db.select({ id: endpoints.id }).from(endpoints).where(eq(endpoints.environmentId, id))).map(
          (e) => e.id,
        );
        for (const endpointId of ids) await db.delete(records).where(eq(records.endpointId, endpointId));
        await db.delete(endpoints).where(eq(endpoints.environmentId, id));
        await db.delete(environments).where(eq(environments.id, id));
      }),
    listEndpoints: (environmentId) =>
      exec.read(async (db) =>
        (
          await db
            .select()
            .from(endpoints)
            .where(environmentId === undefined ? undefined : eq(endpoints.environmentId, environmentId))
            .orderBy(asc(endpoints.serverName))
        ).map(toEndpoint),
      ),
    findEndpoint: (id) =>
      exec.read(async (db) => {
        const [row] = await db.select().from(endpoints).where(eq(endpoints.id, id)).limit(1);
        return row && toEndpoint(row);
      }),
    insertEndpoint: (endpoint) =>
      exec.write(async (db) => {
        await db.insert(endpoints).values(endpoint);
      }),
    updateEndpoint: ({ id, createdAt: _createdAt, ...rest }) =>
      exec.write(async (db) => {
        await db.update(endpoints).set(rest).where(eq(endpoints.id, id));
      }),
    removeEndpoint: (id) =>
      exec.write(async (db) => {
        await db.delete(records).where(eq(records.endpointId, id));
        await db.delete(endpoints).where(eq(endpoints.id, id));
      }),
    findRecord: (endpointId, identifier) =>
      exec.read(async (db) => {
        const [row] = await db
          .select()
          .from(records)
          .where(and(eq(records.endpointId, endpointId), eq(records.identifier, identifier)))
          .limit(1);
        return row && toRecord(row);
      }),
    // Delete then insert rather than an upsert: one statement per dialect is not worth a dialect hook here.
    putRecord: (record) =>
      exec.write(async (db) => {
        await db
          .delete(records)
          .where(and(eq(records.endpointId, record.endpointId), eq(records.identifier, record.identifier)));
        await db.insert(records).values(record);
      }),
    listRecords: (identifier) =>
      exec.read(async (db) =>
        (
          await db
            .select()
            .from(records)
            .where(identifier === undefined ? undefined : eq(records.identifier, identifier))
            .orderBy(asc(records.identifier), asc(records.endpointId))
        ).map(toRecord),
      ),
  };
}
