/**
 * `Atomics.waitAsync` (Node 16 on), which the TypeScript library of this target does not declare:
 * resolves once `numbers[index]` is no longer `value` (at once when it already is not).
 */
export async function waitWhileEqual(numbers: Int32Array, index: number, value: number): Promise<void> {
  const atomics = Atomics as unknown as {
    waitAsync(array: Int32Array, index: number, value: number): { value: Promise<string> | string };
  };
  await atomics.waitAsync(numbers, index, value).value;
}
