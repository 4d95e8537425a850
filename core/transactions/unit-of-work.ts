import type { Logger } from '../logger.js';
import type {
  AfterCommitAbout,
  DriverRepositories,
  DriverStorage,
  Repositories,
  Storage,
} from '../plugin/storage-driver.js';

type Effect = { run: () => Promise<void> | void; about: AfterCommitAbout };

/**
 * The work a transaction carries for after its commit. Services register effects while the
 * transaction runs; they run once it has committed, in registration order, and are dropped when it
 * rolls back. The habit of Django's `transaction.on_commit` and Rails' `after_commit`.
 */
export class UnitOfWork {
  private effects: Effect[] = [];

  add(effect: Effect): void {
    this.effects.push(effect);
  }

  /** A driver ran the transaction again: what the lost attempt registered never happened. */
  discard(): void {
    this.effects = [];
  }

  /** Runs every effect; a failure is logged with what it was about and the others still run. */
  async runAfterCommit(log: Logger): Promise<void> {
    const effects = this.effects;
    this.effects = [];
    for (const { run, about } of effects) {
      try {
        await run();
      } catch (err) {
        log.error({ err, identifier: about.identifier ?? undefined, effect: about.what }, 'work after commit failed');
      }
    }
  }
}

/**
 * Gives a driver's storage the transactions core expects: each outermost transaction carries a
 * `UnitOfWork`, nested ones join it, and its effects run after the driver commits. Outside a
 * transaction, `afterCommit` runs the effect at once.
 */
export function withUnitOfWork(driver: DriverStorage, log: Logger): Storage {
  const outside = Object.create(driver) as Storage;
  outside.afterCommit = (run, about) => {
    const unit = new UnitOfWork();
    unit.add({ run, about });
    void unit.runAfterCommit(log);
  };
  outside.transaction = async <T>(work: (tx: Repositories) => Promise<T>): Promise<T> => {
    const unit = new UnitOfWork();
    const result = await driver.transaction((driverTx) => {
      // Each attempt starts with an empty unit, so a retried transaction runs its effects once.
      unit.discard();
      return work(carrying(driverTx, unit));
    });
    await unit.runAfterCommit(log);
    return result;
  };
  return outside;
}

/** A driver transaction as core sees it: nested transactions join it and effects go to its unit. */
function carrying(driverTx: DriverRepositories, unit: UnitOfWork): Repositories {
  const tx = Object.create(driverTx) as Repositories;
  tx.afterCommit = (run, about) => unit.add({ run, about });
  tx.transaction = (work) => work(tx);
  return tx;
}
