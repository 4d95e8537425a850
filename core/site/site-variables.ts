import { randomUUID } from 'node:crypto';
import { CmsError, Errors } from '../errors/index.js';
import type { SiteVariable } from '../model/site.js';
import type { Repositories, Storage } from '../plugin/storage/index.js';

/** Keys are read by templates as names: letters and digits only, as the original allows. */
const VARIABLE_KEY = /^[A-Za-z0-9]+$/;

/** A variable as a client sends it: without an id it is matched by key, else added. */
export interface SiteVariableInput {
  id?: string;
  name?: string;
  key?: string;
  value?: string;
}

/** What the service needs: the storage and the clock. */
export interface SiteVariableDependencies {
  storage: Storage;
  now?: () => number;
}

/**
 * The variables of a site. The caller has checked the site exists and may be changed by the
 * caller; every write happens in the caller's transaction or one of its own.
 */
export class SiteVariableService {
  private readonly storage: Storage;
  private readonly now: () => number;

  constructor(options: SiteVariableDependencies) {
    this.storage = options.storage;
    this.now = options.now ?? Date.now;
  }

  list(siteId: string, tx: Repositories = this.storage): Promise<SiteVariable[]> {
    return tx.sites.listVariables(siteId);
  }

  /**
   * Saves one variable: the one with this id, else the one with this key (ignoring case, as the
   * original matches it), else a new one.
   */
  save(siteId: string, input: SiteVariableInput, modUser: string): Promise<SiteVariable> {
    const wanted = checkedInput(input);
    return this.storage.transaction(async (tx) => {
      const existing = await tx.sites.listVariables(siteId);
      const match = input.id
        ? existing.find((v) => v.id === input.id)
        : existing.find((v) => v.key.toLowerCase() === wanted.key.toLowerCase());
      if (existing.some((v) => v.key === wanted.key && v.id !== match?.id)) {
        throw new CmsError(Errors.SITE_VARIABLE_KEY_TAKEN, { key: wanted.key }, { fieldName: 'key' });
      }
      const variable: SiteVariable = {
        // An id the site does not have is not taken over: ids are the service's to give.
        id: match?.id ?? randomUUID(),
        siteId,
        ...wanted,
        modUser,
        modDate: this.now(),
      };
      await (match ? tx.sites.updateVariable(variable) : tx.sites.insertVariable(variable)).catch(keyTaken(variable));
      return variable;
    });
  }

  /**
   * Makes the site's variables exactly these, in this order, as a site update that carries
   * `variables` does in the original: those sent with an id are changed, the others added, the
   * ones not sent removed. Runs in the caller's transaction.
   */
  async replace(
    tx: Repositories,
    siteId: string,
    inputs: readonly SiteVariableInput[],
    modUser: string,
  ): Promise<SiteVariable[]> {
    const wanted = inputs.map((input) => ({ id: input.id, ...checkedInput(input) }));
    const keys = new Set<string>();
    for (const { key } of wanted) {
      if (keys.has(key)) throw new CmsError(Errors.SITE_VARIABLE_KEY_TAKEN, { key }, { fieldName: 'variables' });
      keys.add(key);
    }
    const existing = await tx.sites.listVariables(siteId);
    // Everything goes and comes back in the order sent: the list's order is the order added.
    for (const old of existing) await tx.sites.deleteVariable(siteId, old.id);
    const known = new Set(existing.map((v) => v.id));
    const saved: SiteVariable[] = [];
    for (const input of wanted) {
      const variable: SiteVariable = {
        id: input.id && known.has(input.id) ? input.id : randomUUID(),
        siteId,
        name: input.name,
        key: input.key,
        value: input.value,
        modUser,
        modDate: this.now() + saved.length,
      };
      await tx.sites.insertVariable(variable).catch(keyTaken(variable));
      saved.push(variable);
    }
    return saved;
  }

  /** Deletes a variable of the site; one the site does not have is not found. */
  async delete(siteId: string, variableId: string): Promise<void> {
    await this.storage.transaction(async (tx) => {
      const existing = await tx.sites.listVariables(siteId);
      if (!existing.some((v) => v.id === variableId)) {
        throw new CmsError(Errors.SITE_VARIABLE_NOT_FOUND, { variable: variableId });
      }
      await tx.sites.deleteVariable(siteId, variableId);
    });
  }
}

/** The original's checks, in its order: name, key, value; then the key's characters. */
function checkedInput(input: SiteVariableInput): { name: string; key: string; value: string } {
  const name = input.name?.trim();
  const key = input.key?.trim();
  const value = input.value?.trim();
  if (!name) throw new CmsError(Errors.SITE_VARIABLE_FIELD_REQUIRED, { field: 'Name' }, { fieldName: 'name' });
  if (!key) throw new CmsError(Errors.SITE_VARIABLE_FIELD_REQUIRED, { field: 'Key' }, { fieldName: 'key' });
  if (!value) throw new CmsError(Errors.SITE_VARIABLE_FIELD_REQUIRED, { field: 'Value' }, { fieldName: 'value' });
  if (!VARIABLE_KEY.test(key)) throw new CmsError(Errors.SITE_VARIABLE_KEY_INVALID, { key }, { fieldName: 'key' });
  return { name, key, value };
}

/** A key another variable took between the read and the write. */
function keyTaken(variable: SiteVariable): (error: unknown) => never {
  return (error) => {
    if (error instanceof CmsError && error.code === Errors.RECORD_NOT_UNIQUE.code) {
      throw new CmsError(Errors.SITE_VARIABLE_KEY_TAKEN, { key: variable.key }, { fieldName: 'key' });
    }
    throw error;
  };
}
