// The sandbox behind --sandbox, and the one place that chooses how it is hosted. Today it is
// @merchant-ordering/sandbox's node:http server on a free loopback port, in this process, closed when
// the command ends; once the sandbox package has an in-process host with no port (createSandbox),
// only this module changes. Imported lazily: commands that do not use it never load the sandbox.
import type { FetchLike } from '@merchant-ordering/client';
import { UsageError } from './errors.js';

export interface LocalSandbox {
  baseUrl: string;
  /** A fetch that answers in process, when the host has no port. */
  fetch?: FetchLike | undefined;
  credentials: { merchantId: string; secretKey: string };
  close(): Promise<void>;
}

/** `faults` is the sandbox's --faults list, e.g. `429:0.1,insert:0.1`. */
export async function startLocalSandbox(faults: string): Promise<LocalSandbox> {
  const { startSandbox, SandboxOptionError } = await import('@merchant-ordering/sandbox');
  try {
    const sandbox = await startSandbox({ port: 0, host: '127.0.0.1', faults });
    return { baseUrl: sandbox.url, credentials: sandbox.credentials, close: () => sandbox.close() };
  } catch (error) {
    // "faults: ..." is the only option a user gives the sandbox here.
    if (error instanceof SandboxOptionError) throw new UsageError(`--${error.message}`);
    throw error;
  }
}
