// Column shapes the tables share.
import { bigint } from 'drizzle-orm/mysql-core';

export const epochMs = (name: string) => bigint(name, { mode: 'number' });
