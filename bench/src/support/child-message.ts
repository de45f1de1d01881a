import type { ChildProcess } from 'node:child_process';

/** The first IPC message of `type` from a benchmark's child process (fleet, flood). */
export function childMessage<T>(proc: ChildProcess, type: string, timeoutMs: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${type}: timed out`)), timeoutMs);
    proc.on('message', (m: unknown) => {
      if (typeof m === 'object' && m !== null && (m as { type?: string }).type === type) {
        clearTimeout(timer);
        resolve(m as T);
      }
    });
    proc.once('exit', (code) => reject(new Error(`${type}: process exited (${code})`)));
  });
}
