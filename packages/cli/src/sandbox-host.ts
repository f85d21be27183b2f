// The sandbox behind --sandbox: @merchant-ordering/sandbox's engine in this process, answering the
// client's fetch with no port, process or network, and closed when the command ends. Faults that need a
// socket (reset, stall, slow body) are emulated by the engine. Imported lazily: commands that do not
// use it never load the sandbox.
import { BASE_URLS, type FetchLike } from '@merchant-ordering/client';
import { UsageError } from './errors.js';

export interface LocalSandbox {
  baseUrl: string;
  fetch: FetchLike;
  credentials: { merchantId: string; secretKey: string };
  close(): Promise<void>;
}

/** `faults` is the sandbox's --faults list, e.g. `429:0.1,insert:0.1`. */
export async function startLocalSandbox(faults: string): Promise<LocalSandbox> {
  const { createSandbox, SandboxOptionError } = await import('@merchant-ordering/sandbox/fetch');
  try {
    const sandbox = await createSandbox({ faults });
    // The engine answers by path whatever the origin: the requests name the sandbox environment's host
    // (as the sandbox's README shows) and never leave the process.
    return { baseUrl: BASE_URLS.sandbox, fetch: sandbox.fetch, credentials: sandbox.credentials, close: () => sandbox.close() };
  } catch (error) {
    // "faults: ..." is the only option a user gives the sandbox here.
    if (error instanceof SandboxOptionError) throw new UsageError(`--${error.message}`);
    throw error;
  }
}
