import { asc, eq, inArray } from 'drizzle-orm';
import type { PermissionGrant, PermissionRepository } from '../../../core/plugin/kit.js';
import type { Executor, Tables } from './context.js';
import { readInChunks } from './chunked-reads.js';

export function permissionRepository(exec: Executor, t: Tables): PermissionRepository {
  return {
    find: (assetId) =>
      exec.read(async (db) => {
        // One query: the asset row, joined with its grants (none when it has no grant at all).
        const rows = await db
          .select({ roleId: t.permissionGrants.roleId, bits: t.permissionGrants.bits })
          .from(t.permissionAssets)
          .leftJoin(t.permissionGrants, eq(t.permissionGrants.assetId, t.permissionAssets.assetId))
          .where(eq(t.permissionAssets.assetId, assetId))
          .orderBy(asc(t.permissionGrants.roleId));
        if (rows.length === 0) return undefined;
        return rows.flatMap((row) =>
          row.roleId === null || row.bits === null ? [] : [{ roleId: row.roleId, bits: row.bits }],
        );
      }),
    findMany: async (assetIds) => {
      const rows = await readInChunks(assetIds, (chunk) =>
        exec.read((db) =>
          db
            .select({
              assetId: t.permissionAssets.assetId,
              roleId: t.permissionGrants.roleId,
              bits: t.permissionGrants.bits,
            })
            .from(t.permissionAssets)
            .leftJoin(t.permissionGrants, eq(t.permissionGrants.assetId, t.permissionAssets.assetId))
            .where(inArray(t.permissionAssets.assetId, chunk))
            .orderBy(asc(t.permissionGrants.roleId)),
        ),
      );
      const found = new Map<string, PermissionGrant[]>();
      for (const row of rows) {
        const grants = found.get(row.assetId) ?? [];
        found.set(row.assetId, grants);
        if (row.roleId !== null && row.bits !== null) grants.push({ roleId: row.roleId, bits: row.bits });
      }
      return found;
    },
    replace: (assetId, assetKind, grants) =>
      exec.write(async (db) => {
        await db.delete(t.permissionGrants).where(eq(t.permissionGrants.assetId, assetId));
        await db.delete(t.permissionAssets).where(eq(t.permissionAssets.assetId, assetId));
        await db.insert(t.permissionAssets).values({ assetId, assetKind, modDate: Date.now() });
        if (grants.length > 0) {
          await db.insert(t.permissionGrants).values(grants.map((g) => ({ assetId, roleId: g.roleId, bits: g.bits })));
        }
      }),
    reset: (assetId) =>
      exec.write(async (db) => {
        await db.delete(t.permissionGrants).where(eq(t.permissionGrants.assetId, assetId));
        await db.delete(t.permissionAssets).where(eq(t.permissionAssets.assetId, assetId));
      }),
    listForRoles: (roleIds) =>
      roleIds.length === 0
        ? Promise.resolve([])
        : exec.read(
            async (db) =>
              await db
                .select({ roleId: t.permissionGrants.roleId, bits: t.permissionGrants.bits })
                .from(t.permissionGrants)
                .where(inArray(t.permissionGrants.roleId, [...roleIds])),
          ),
  };
}
