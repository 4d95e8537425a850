import type { Actionlet } from '../plugin/actionlet.js';
import { fromOriginalClassName } from '../plugin/original-class-name.js';

/** Where the installed actionlets come from: the plugin registry's keyed list. */
export interface InstalledActionlets {
  get(actionClass: string): Actionlet | undefined;
  values(): Actionlet[];
}

/** The installed actionlets, by `actionClass`: what workflow definitions may name and fires run. */
export class ActionletCatalogue {
  private readonly installed: InstalledActionlets;

  constructor(options: { installed: InstalledActionlets }) {
    this.installed = options.installed;
  }

  /** By the class name as installed, else as the original spells ours (`com.dotmarketing.…`). */
  get(actionClass: string): Actionlet | undefined {
    return this.installed.get(actionClass) ?? this.installed.get(fromOriginalClassName(actionClass));
  }

  /** The public catalogue: every installed actionlet except those marked unlisted (Destroy content). */
  listed(): Actionlet[] {
    return this.installed.values().filter((a) => a.listed !== false);
  }
}
