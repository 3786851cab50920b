/** Polls `check` every 20 ms until it holds or `ms` pass; the last check's answer. For changes announced asynchronously. */
export async function eventually(check: () => Promise<boolean>, ms = 3000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}
