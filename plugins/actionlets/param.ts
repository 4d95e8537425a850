import type { ActionletParameter } from '../../core/plugin/kit.js';

/** A parameter an association must give a value for; the default (if any) is offered in the catalogue. */
export function required(key: string, displayName: string, defaultValue: string | null = null): ActionletParameter {
  return { key, displayName, defaultValue, required: true };
}

/** A parameter an association may leave out. */
export function optional(key: string, displayName: string, defaultValue: string | null = null): ActionletParameter {
  return { key, displayName, defaultValue, required: false };
}

/** A required credential: masked in every REST answer. */
export function secret(key: string, displayName: string): ActionletParameter {
  return { ...required(key, displayName), secret: true };
}
