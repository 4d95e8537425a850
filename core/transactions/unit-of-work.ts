import type { Logger } from '../logger.js';
import type {
  AfterCommitAbout,
  DriverRepositories,
  DriverStorage,
  Repositories,
  Storage,
} from '../plugin/storage/index.js';

type Effect = { run: () => Promise<void> | void; about: AfterCommitAbout };

/**
 * The work a transaction carries for after its end. Services register effects while the transaction
 * runs: those for after the commit run once it has committed, in registration order, and are dropped
 * when it rolls back; those for after a rollback (undoing files written on the way) run only then.
 * The habit of Django's `transaction.on_commit` and Rails' `after_commit`.
 */
export class UnitOfWork {
  private committed: Effect[] = [];
  private rolledBack: Effect[] = [];

  afterCommit(effect: Effect): void {
    this.committed.push(effect);
  }

  afterRollback(effect: Effect): void {
    this.rolledBack.push(effect);
  }

  /** Whether anything is registered: most transactions register nothing, and skip the awaits. */
  get isEmpty(): boolean {
    return this.committed.length === 0 && this.rolledBack.length === 0;
  }

  /** The attempt so far rolled back (a driver runs the transaction again): its commit effects never happen. */
  async rollBack(log: Logger): Promise<void> {
    this.committed = [];
    const undo = this.rolledBack;
    this.rolledBack = [];
    await runAll(undo, log, 'work after rollback failed');
  }

  /** Runs every commit effect; a failure is logged with what it was about and the others still run. */
  async commit(log: Logger): Promise<void> {
    const effects = this.committed;
    this.committed = [];
    this.rolledBack = [];
    await runAll(effects, log, 'work after commit failed');
  }
}

async function runAll(effects: Effect[], log: Logger, message: string): Promise<void> {
  for (const { run, about } of effects) {
    try {
      await run();
    } catch (err) {
      log.error({ err, identifier: about.identifier ?? undefined, effect: about.what }, message);
    }
  }
}

/**
 * Gives a driver's storage the transactions core expects: each outermost transaction carries a
 * `UnitOfWork`, nested ones join it, and its effects run after the driver commits or rolls back.
 * Outside a transaction, `afterCommit` runs the effect at once and `afterRollback` has nothing to undo.
 */
export function withUnitOfWork(driver: DriverStorage, log: Logger): Storage {
  const outside = Object.create(driver) as Storage;
  outside.afterCommit = (run, about) => void runAll([{ run, about }], log, 'work after commit failed');
  outside.afterRollback = () => {};
  outside.transaction = async <T>(work: (tx: Repositories) => Promise<T>): Promise<T> => {
    const unit = new UnitOfWork();
    let result: T;
    try {
      result = await driver.transaction(async (driverTx) => {
        // Each attempt starts clean: a retried transaction undoes the lost attempt and commits its effects once.
        if (!unit.isEmpty) await unit.rollBack(log);
        return work(carrying(driverTx, unit));
      });
    } catch (error) {
      if (!unit.isEmpty) await unit.rollBack(log);
      throw error;
    }
    if (!unit.isEmpty) await unit.commit(log);
    return result;
  };
  return outside;
}

/** A driver transaction as core sees it: nested transactions join it and effects go to its unit. */
function carrying(driverTx: DriverRepositories, unit: UnitOfWork): Repositories {
  const tx = Object.create(driverTx) as Repositories;
  tx.afterCommit = (run, about) => unit.afterCommit({ run, about });
  tx.afterRollback = (run, about) => unit.afterRollback({ run, about });
  tx.transaction = (work) => work(tx);
  return tx;
}
