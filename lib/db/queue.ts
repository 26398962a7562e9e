// A first-come, first-served lock, for work that must not overlap on one database connection.

/** A first-come, first-served lock: `acquire` resolves with the function that releases it. */
export function queue(): () => Promise<() => void> {
  let tail = Promise.resolve();
  return async () => {
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const before = tail;
    tail = before.then(() => mine);
    await before;
    return release;
  };
}

/** Runs each `work` given to it after the one before has finished, in the order given. */
export function inTurn(acquire = queue()): <T>(work: () => Promise<T>) => Promise<T> {
  return async (work) => {
    const release = await acquire();
    try {
      return await work();
    } finally {
      release();
    }
  };
}
